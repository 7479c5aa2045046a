import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMockCardPayment, TMockConfirmAnswer } from '../../../../domain/contracts/payments';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { mockCheckoutKey } from './get-mock-checkout';

/**
 * Pays with a test card (`POST /api/payments/mock/:id/confirm`). A decline is a 402 and leaves the
 * checkout open; a 409 means it closed meanwhile (expired, seats gone), so the page reloads it.
 */
export function usePayMockCheckout(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: TMockCardPayment) =>
      apiFetch<TMockConfirmAnswer>(`/payments/mock/${encodeURIComponent(transactionId)}/confirm`, {
        method: 'POST',
        body: card,
      }),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        void queryClient.invalidateQueries({ queryKey: mockCheckoutKey(transactionId) });
      }
    },
  });
}
