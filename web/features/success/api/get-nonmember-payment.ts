import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaymentRecord } from '../../../../domain/contracts/payments';
import { apiFetch } from '../../../lib/api-client';

/**
 * The stored payment by transaction id (`GET /api/nonmember/paymentnonmember/:id`): a one-item
 * list, as the spec reads it ("the first item has created_at").
 */
export function useNonMemberPayment(transactionId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['payments', 'nonmember', transactionId],
      queryFn: ({ signal }) =>
        apiFetch<TPaymentRecord[]>(
          `/nonmember/paymentnonmember/${encodeURIComponent(transactionId)}`,
          { signal },
        ),
      enabled,
    }),
  );
}
