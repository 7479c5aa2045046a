import { useMutation } from '@tanstack/react-query';
import { ZRefundMade, type TRefundRequest } from '../../../../domain/contracts/refunds';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/payments/:transactionID/refunds` (admins): one refund, once per request key. */
export function useRefundPayment() {
  return useMutation({
    mutationFn: async ({
      transactionId,
      request,
    }: {
      transactionId: string;
      request: TRefundRequest;
    }) =>
      ZRefundMade.parse(
        await apiFetch(`/payments/${encodeURIComponent(transactionId)}/refunds`, {
          method: 'POST',
          body: request,
          session: 'admin',
        }),
      ),
  });
}

/** A key for one refund dialog: its double clicks and retries make one refund. */
export function newRequestKey(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
