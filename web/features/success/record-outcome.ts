import { PAYMENT_NOT_CONFIRMED_MESSAGE } from '../../../domain/contracts/payments';
import { ApiError } from '../../lib/api-client';

/** With Stripe the browser can land before the webhook: ask again every 2 s for about a minute. */
export const RECORD_POLL_INTERVAL_MS = 2_000;
export const RECORD_POLL_ATTEMPTS = 30;

/**
 * What a failed record call means for the screen:
 * - 'pending': 402 with the bare "not confirmed" sentence: the provider has not confirmed yet (or
 *   no such payment exists: the server answers both alike, DESIGN §4.4), so ask again;
 * - 'closed': 402 with a reason appended (declined, cancelled, expired) or 404: this payment will
 *   never be confirmed;
 * - 'failed': anything else (network, server, a login the payment needs).
 */
export function recordOutcomeOf(error: unknown): 'pending' | 'closed' | 'failed' {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.code === 'NOT_FOUND') return 'closed';
  if (error.code !== 'PAYMENT_REQUIRED') return 'failed';
  return error.message.trim() === PAYMENT_NOT_CONFIRMED_MESSAGE ? 'pending' : 'closed';
}

/** The record mutation's retry rule: only a pending payment is asked about again. */
export function shouldAskAgain(failureCount: number, error: unknown): boolean {
  return recordOutcomeOf(error) === 'pending' && failureCount < RECORD_POLL_ATTEMPTS;
}
