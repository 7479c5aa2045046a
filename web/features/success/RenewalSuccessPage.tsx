import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import type { TPaymentRecord } from '../../../domain/contracts/payments';
import { readSession } from '../../app/session-store';
import { moneyText } from '../../components/money-text';
import { apiFetch } from '../../lib/api-client';
import { familyKeys } from '../membership/api/get-family';
import { memberKeys } from '../membership/api/get-member';
import { RecordStatus } from './RecordStatus';
import { SuccessLayout } from './SuccessLayout';
import { useRecordOnce } from './use-record-once';

const CONTINUE_TO = '/member';

/** The member's login, else staff's, else none: a renewal paid through a reminder link. */
function sessionOfRenewal(): 'mem' | 'admin' | undefined {
  if (readSession('mem')) return 'mem';
  return readSession('ga') || readSession('su') ? 'admin' : undefined;
}

/**
 * A renewal belongs to a family: the member's own login, or staff who renewed for them. The
 * screen records the payment ("renew payment") and marks the renewal (spec 01 §4), both
 * idempotent on the server; the member is the one the stored payment names, not the URL's.
 * A renewal through a reminder's link has no login: the payment is read by its transaction id,
 * and the confirmation already renewed the membership.
 */
async function recordRenewal(transactionID: string): Promise<TPaymentRecord> {
  const session = sessionOfRenewal();
  const payment = await apiFetch<TPaymentRecord>('/payment', {
    method: 'POST',
    body: { transactionID },
    session,
  });
  if (payment.memberid !== null && session) {
    await apiFetch<TPaymentRecord>(`/nonmember/memberrenew/${payment.memberid}`, {
      method: 'PUT',
      body: { transactionID },
      session,
    });
  }
  return payment;
}

/**
 * `#/success/renewal?email=&membershipplan=&dependent=&transaction_id=&amount=&member_id=`: the
 * renewal's receipt, with the current date and time (spec 01 §2); Continue goes to the members.
 */
export function RenewalSuccessPage() {
  const { t } = useTranslation();
  const transactionId = useSearchParams()[0].get('transaction_id') ?? '';
  const record = useRecordOnce('renewal', transactionId, recordRenewal);
  const [openedAt] = useState(() => new Date());
  const queryClient = useQueryClient();
  const recorded = record.kind === 'recorded';

  // The renewal changed the plan, the validity and maybe the dependents behind the app's back:
  // dropping what was read before keeps the next screen from showing the old membership.
  useEffect(() => {
    if (!recorded) return;
    queryClient.removeQueries({ queryKey: memberKeys.all });
    queryClient.removeQueries({ queryKey: familyKeys.all });
  }, [recorded, queryClient]);

  if (record.kind !== 'recorded') return <RecordStatus state={record} continueTo={CONTINUE_TO} />;
  const { payment } = record;
  return (
    <SuccessLayout
      title={t('membershipSuccess.title')}
      email={payment.email}
      transactionId={payment.transactionID}
      at={openedAt}
      details={[
        { label: t('membershipSuccess.plan'), value: payment.productName },
        { label: t('membershipSuccess.dependents'), value: String(payment.dependent) },
        { label: t('membershipSuccess.amount'), value: moneyText(payment.price) },
      ]}
      continueTo={CONTINUE_TO}
    />
  );
}
