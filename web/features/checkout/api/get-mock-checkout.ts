import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMockCheckout } from '../../../../domain/contracts/payments';
import { apiFetch } from '../../../lib/api-client';

export const mockCheckoutKey = (transactionId: string) =>
  ['payments', 'mock', transactionId] as const;

/** What the mock provider's page shows: what is bought, the amount and the checkout's state. */
export function useMockCheckout(transactionId: string) {
  return useQuery(
    queryOptions({
      queryKey: mockCheckoutKey(transactionId),
      queryFn: ({ signal }) =>
        apiFetch<TMockCheckout>(`/payments/mock/${encodeURIComponent(transactionId)}`, { signal }),
      // The state changes on the server (expiry, a payment in another tab): always ask.
      staleTime: 0,
    }),
  );
}
