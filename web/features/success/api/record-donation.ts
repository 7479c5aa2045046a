import type { TPaymentRecord } from '../../../../domain/contracts/payments';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/donations/record`: only `transactionID` is read; the answer is the stored gift. */
export function recordDonation(transactionID: string): Promise<TPaymentRecord> {
  return apiFetch<TPaymentRecord>('/donations/record', {
    method: 'POST',
    body: { transactionID },
  });
}
