import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../components/notify';
import { messageOf } from '../../lib/api-client';
import { familyKeys } from '../membership/api/get-family';
import { memberKeys } from '../membership/api/get-member';
import { scopeQuery, type TMemberScope } from '../membership/member-scope';
import {
  recordDependentPayment,
  type TDependentPaymentReturn,
} from './api/record-dependent-payment';
import { CONFIRMATION_POLL_INTERVAL_MS, shouldAskAgain } from './payment-return';

/**
 * Records a return from an extra-dependent payment once (spec 02 §4), tells the member
 * "Payment SuccessFull", refreshes the family and drops the payment from the address, so a
 * reload does not announce it again. True while it is being confirmed.
 */
export function useDependentPaymentReturn(
  payment: TDependentPaymentReturn | null,
  scope: TMemberScope | null,
): boolean {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const recording = useMutation({
    mutationFn: ({ paid, on }: { paid: TDependentPaymentReturn; on: TMemberScope }) =>
      recordDependentPayment(paid, on),
    retry: shouldAskAgain,
    retryDelay: CONFIRMATION_POLL_INTERVAL_MS,
    onSuccess: async (_payment, { on }) => {
      notify.success(t('family.paymentDone'), t('family.memberUpdated'));
      await queryClient.invalidateQueries({ queryKey: familyKeys.all });
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      void navigate(`/family${scopeQuery(on)}`, { replace: true });
    },
    onError: (error) => notify.error(messageOf(error, t), t('family.paymentNotRecorded')),
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
