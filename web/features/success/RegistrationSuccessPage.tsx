import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TPaymentRecord } from '../../../domain/contracts/payments';
import { moneyText } from '../../components/money-text';
import { apiFetch } from '../../lib/api-client';
import { useNonMemberPayment } from './api/get-nonmember-payment';
import { RecordStatus } from './RecordStatus';
import { SuccessLayout } from './SuccessLayout';
import { useRecordOnce } from './use-record-once';

const CONTINUE_TO = '/auth/memberlogin';

/**
 * `POST /api/payment` ("initial payment"): joining is open to anyone holding the transaction id,
 * so no login is sent. The server answers the stored, provider-confirmed payment; the
 * membership was created when the provider confirmed it, so there is no renewal to mark.
 */
function recordRegistration(transactionID: string): Promise<TPaymentRecord> {
  return apiFetch<TPaymentRecord>('/payment', { method: 'POST', body: { transactionID } });
}

/**
 * `#/success/registration?email=&membershipplan=&dependent=&transaction_id=&amount=`: the new
 * member's receipt. It records the payment once, shows the stored record's date (read by
 * transaction id) and the amounts from the server's answer, and leads to the member sign-in.
 */
export function RegistrationSuccessPage() {
  const { t } = useTranslation();
  const transactionId = useSearchParams()[0].get('transaction_id') ?? '';
  const record = useRecordOnce('registration', transactionId, recordRegistration);
  const stored = useNonMemberPayment(transactionId, record.kind === 'recorded');

  if (record.kind !== 'recorded') return <RecordStatus state={record} continueTo={CONTINUE_TO} />;
  const { payment } = record;
  return (
    <SuccessLayout
      title={t('membershipSuccess.title')}
      email={payment.email}
      transactionId={payment.transactionID}
      at={stored.data?.[0]?.created_at ?? payment.created_at}
      details={[
        { label: t('membershipSuccess.plan'), value: payment.productName },
        { label: t('membershipSuccess.dependents'), value: String(payment.dependent) },
        { label: t('membershipSuccess.amount'), value: moneyText(payment.price) },
      ]}
      continueTo={CONTINUE_TO}
      footnote={t('membershipSuccess.registered')}
    />
  );
}
