import { useTranslation } from '../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import { moneyText } from '../../components/money-text';
import { recordDonation } from './api/record-donation';
import { RecordStatus } from './RecordStatus';
import { SuccessLayout } from './SuccessLayout';
import { useRecordOnce } from './use-record-once';

const CONTINUE_TO = '/event';

/**
 * `#/success/donation?email=&transaction_id=&amount=`: a donation paid. Records once, then shows
 * the stored gift; its tax receipt is on its way by e-mail.
 */
export function DonationSuccessPage() {
  const { t } = useTranslation();
  const transactionId = useSearchParams()[0].get('transaction_id') ?? '';
  const record = useRecordOnce('donation', transactionId, recordDonation);

  if (record.kind !== 'recorded') return <RecordStatus state={record} continueTo={CONTINUE_TO} />;
  const payment = record.payment;
  return (
    <SuccessLayout
      title={t('success.donationTitle')}
      email={payment.email}
      transactionId={payment.transactionID}
      at={payment.confirmed_at ?? payment.created_at}
      details={[{ label: t('success.donationAmount'), value: moneyText(payment.price) }]}
      continueTo={CONTINUE_TO}
      footnote={t('success.donationTaxNote')}
    />
  );
}
