import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../app/hash-router';
import { notify } from '../../components/notify';
import { messageOf } from '../../lib/api-client';
import { familyKeys, familyRecordQuery } from '../membership/api/get-family';
import { memberKeys } from '../membership/api/get-member';
import { scopeQuery, type TMemberScope } from '../membership/member-scope';
import {
  recordDependentPayment,
  type TDependentPaymentReturn,
} from './api/record-dependent-payment';
import { CONFIRMATION_POLL_INTERVAL_MS, returnFailureOf, shouldAskAgain } from './payment-return';

/**
 * Records a return from an extra-dependent payment once (spec 02 §4), tells the member
 * "Payment SuccessFull", refreshes the family and drops the payment from the address, so a
 * reload does not announce it again. True while it is being confirmed: an unknown transaction id
 * stops at once, after one call, with a message saying so.
 */
export function useDependentPaymentReturn(
  payment: TDependentPaymentReturn | null,
  scope: TMemberScope | null,
): boolean {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const recording = useMutation({
    mutationFn: async ({ paid, on }: { paid: TDependentPaymentReturn; on: TMemberScope }) => {
      // The payload names the membership type paid on; the family view loads it anyway
      const family = await queryClient.fetchQuery(familyRecordQuery(on));
      return recordDependentPayment(paid, on, family?.MembershipType ?? '');
    },
    retry: shouldAskAgain,
    retryDelay: CONFIRMATION_POLL_INTERVAL_MS,
    onSuccess: async (_payment, { on }) => {
      notify.success(t('family.paymentDone'), t('family.memberUpdated'));
      await queryClient.invalidateQueries({ queryKey: familyKeys.all });
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      void navigate(`/family${scopeQuery(on)}`, { replace: true });
    },
    onError: (error, { on }) => {
      const failure = returnFailureOf(error);
      notify.error(
        failure.key ? t(failure.key) : messageOf(error, t),
        t('family.paymentNotRecorded'),
      );
      // A final answer (unknown, declined, refunded) is not asked again on a reload
      if (failure.final) void navigate(`/family${scopeQuery(on)}`, { replace: true });
    },
  });
  const { mutate } = recording;
  // StrictMode runs effects twice on one instance; the ref outlives that, so one call is sent.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!payment || !scope || sentFor.current === payment.transactionID) return;
    sentFor.current = payment.transactionID;
    mutate({ paid: payment, on: scope });
  }, [payment, scope, mutate]);

  return recording.isPending;
}
