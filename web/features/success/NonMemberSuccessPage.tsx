import { useTranslation } from '../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import type { TPaymentRecord } from '../../../domain/contracts/payments';
import { useNonMemberPayment } from './api/get-nonmember-payment';
import { recordNonMemberPayment } from './api/record-ticket-payments';
import { eventPrefixOf } from './event-prefix';
import { RecordStatus } from './RecordStatus';
import { SuccessLayout } from './SuccessLayout';
import { ticketDetails } from './ticket-details';
import { useRecordOnce } from './use-record-once';

const CONTINUE_TO = '/event';

/**
 * `#/success/nonmember?email=&transaction_id=&eventid=&nonmemberid=&eventDate=`: non-member
 * tickets paid. Records once, then shows the stored payment's date, read by transaction id.
 */
export function NonMemberSuccessPage() {
  const { t } = useTranslation();
  const transactionId = useSearchParams()[0].get('transaction_id') ?? '';
  const record = useRecordOnce('nonmember', transactionId, recordNonMemberPayment);
  const stored = useNonMemberPayment(transactionId, record.kind === 'recorded');

  if (record.kind !== 'recorded') return <RecordStatus state={record} continueTo={CONTINUE_TO} />;
  const payment: TPaymentRecord = record.payment;
  return (
    <SuccessLayout
      title={t('success.ticketTitle', { prefix: eventPrefixOf(payment.productName) })}
      email={payment.email}
      transactionId={payment.transactionID}
      // Both are the server's stored created_at; the read only confirms it (spec 01 §7).
      at={stored.data?.[0]?.created_at ?? payment.created_at}
      details={ticketDetails(payment, t)}
      doorCode={payment.ticketCode}
      continueTo={CONTINUE_TO}
      back={
        payment.eventid
          ? { to: `/viewevent/${payment.eventid}`, label: t('success.backToEvent') }
          : undefined
      }
    />
  );
}
