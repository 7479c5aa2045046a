import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import type { TPaymentRecord } from '../../../domain/contracts/payments';
import { saveSession } from '../../app/session-store';
import { moneyText } from '../../components/money-text';
import { apiFetch, ApiError } from '../../lib/api-client';
import {
  exchangeSignInSecret,
  forgetSignInSecret,
  signInSecretOf,
} from '../../lib/registration-sign-in';
import { useNonMemberPayment } from './api/get-nonmember-payment';
import { RecordStatus } from './RecordStatus';
import { SuccessLayout } from './SuccessLayout';
import { useRecordOnce } from './use-record-once';

const SIGN_IN = '/auth/memberlogin';
const SIGNED_IN_HOME = '/family';

/**
 * `POST /api/payment` ("initial payment"): joining is open to anyone holding the transaction id,
 * so no login is sent. The server answers the stored, provider-confirmed payment; the
 * membership was created when the provider confirmed it, so there is no renewal to mark.
 */
function recordRegistration(transactionID: string): Promise<TPaymentRecord> {
  return apiFetch<TPaymentRecord>('/payment', { method: 'POST', body: { transactionID } });
}

/**
 * Spec 01 §4: registration signs the new member in. The tab that started the checkout holds a
 * one-time secret; once the payment is recorded it is exchanged (once: the query is shared and
 * never refetched) for the member's login. Without it, Continue leads to the member sign-in.
 */
function useSignInAfterRegistration(transactionID: string, recorded: boolean) {
  const secret = signInSecretOf(transactionID);
  return useQuery({
    queryKey: ['registration-sign-in', transactionID],
    enabled: recorded && secret !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    // Only "not confirmed yet" is worth asking again; a refused secret stays refused
    retry: (count, error) =>
      error instanceof ApiError && error.code === 'PAYMENT_REQUIRED' && count < 5,
    queryFn: async () => {
      try {
        const answer = await exchangeSignInSecret(transactionID, secret ?? '');
        saveSession('mem', answer);
        forgetSignInSecret(transactionID);
        return answer.user.email;
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'PAYMENT_REQUIRED')) {
          forgetSignInSecret(transactionID);
        }
        throw error;
      }
    },
  });
}

/**
 * `#/success/registration?email=&membershipplan=&dependent=&transaction_id=&amount=`: the new
 * member's receipt. It records the payment once, shows the stored record's date (read by
 * transaction id) and the amounts from the server's answer, and signs the new member in.
 */
export function RegistrationSuccessPage() {
  const { t } = useTranslation();
  const transactionId = useSearchParams()[0].get('transaction_id') ?? '';
  const record = useRecordOnce('registration', transactionId, recordRegistration);
  const stored = useNonMemberPayment(transactionId, record.kind === 'recorded');
  const signedIn = useSignInAfterRegistration(transactionId, record.kind === 'recorded');

  if (record.kind !== 'recorded') return <RecordStatus state={record} continueTo={SIGN_IN} />;
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
      continueTo={signedIn.isSuccess ? SIGNED_IN_HOME : SIGN_IN}
      footnote={
        signedIn.isSuccess
          ? `${t('membershipSuccess.registered')} ${t('membershipSuccess.signedIn', { email: signedIn.data })}`
          : t('membershipSuccess.registered')
      }
    />
  );
}
