import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMockCancelAnswer } from '../../../../domain/contracts/payments';
import { apiFetch } from '../../../lib/api-client';
import { mockCheckoutKey } from './get-mock-checkout';

type TMockCancelAnswer = z.infer<typeof ZMockCancelAnswer>;

/** Cancels the checkout (`POST /api/payments/mock/:id/cancel`), freeing its seats at once. */
export function useCancelMockCheckout(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<TMockCancelAnswer>(`/payments/mock/${encodeURIComponent(transactionId)}/cancel`, {
        method: 'POST',
      }),
    // Already paid (409): the page shows the paid state instead.
    onError: () => queryClient.invalidateQueries({ queryKey: mockCheckoutKey(transactionId) }),
  });
}
