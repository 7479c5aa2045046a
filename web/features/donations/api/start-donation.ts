import { useMutation } from '@tanstack/react-query';
import type { TDonationCheckout } from '../../../../domain/contracts/donations';
import type { TCheckoutAnswer } from '../../../../domain/contracts/payments';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/checkout` with `kind: 'donation'`: the server prices the gift and answers where to pay. */
export function useStartDonation() {
  return useMutation({
    mutationFn: (body: TDonationCheckout) =>
      apiFetch<TCheckoutAnswer>('/checkout', { method: 'POST', body }),
  });
}
