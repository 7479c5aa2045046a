import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZOfflinePaymentAnswer,
  ZOfflineQuote,
  type TOfflinePaymentRequest,
  type TOfflinePurchase,
} from '../../../../domain/contracts/offline-payments';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/payments/offline/quote`: what recording the purchase would collect; nothing is kept. */
export function useOfflineQuote() {
  return useMutation({
    mutationFn: async (purchase: TOfflinePurchase) =>
      ZOfflineQuote.parse(
        await apiFetch('/payments/offline/quote', {
          method: 'POST',
          body: { purchase },
          session: 'admin',
        }),
      ),
  });
}

/**
 * `POST /api/payments/offline`: records the cash or cheque and confirms the purchase at once.
 * Memberships, seats, reports and histories change with it, so every list is read again.
 */
export function useRecordOfflinePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: TOfflinePaymentRequest) =>
      ZOfflinePaymentAnswer.parse(
        await apiFetch('/payments/offline', { method: 'POST', body: request, session: 'admin' }),
      ),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
