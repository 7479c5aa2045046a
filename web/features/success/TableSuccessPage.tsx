import { useTranslation } from '../../i18n/use-translation';
import { appSettings } from '../../app/settings';
import { useSearchParams } from 'react-router';
import { recordTablePayment } from './api/record-ticket-payments';
import { eventPrefixOf } from './event-prefix';
import { RecordStatus } from './RecordStatus';
import { SuccessLayout } from './SuccessLayout';
import { ticketDetails } from './ticket-details';
import { useRecordOnce } from './use-record-once';

const CONTINUE_TO = '/event';

/** `#/success/table?…`: a table for 10 paid; the date is the stored record's. */
export function TableSuccessPage() {
  const { t } = useTranslation();
  const transactionId = useSearchParams()[0].get('transaction_id') ?? '';
  const record = useRecordOnce('table', transactionId, recordTablePayment);

  if (record.kind !== 'recorded') return <RecordStatus state={record} continueTo={CONTINUE_TO} />;
  const { payment } = record;
  return (
    <SuccessLayout
      title={t('success.tableTitle', { prefix: eventPrefixOf(payment.productName) })}
      email={payment.email}
      transactionId={payment.transactionID}
      at={payment.created_at}
      details={ticketDetails(payment, t)}
      doorCode={payment.ticketCode}
      continueTo={CONTINUE_TO}
      footnote={t('success.developerCredit', { name: appSettings().orgName })}
    />
  );
}
