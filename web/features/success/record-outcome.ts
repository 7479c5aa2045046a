import { notConfirmedStateOf } from '../../../domain/contracts/payments';
import { ApiError } from '../../lib/api-client';

/** With Stripe the browser can land before the webhook: ask again every 2 s for about a minute. */
export const RECORD_POLL_INTERVAL_MS = 2_000;
export const RECORD_POLL_ATTEMPTS = 30;

export type TRecordOutcome = 'pending' | 'unknown' | 'refunded' | 'closed' | 'failed';

/**
 * What a failed record call means for the screen:
 * - 'pending': 402 with the bare "not confirmed" sentence: the provider has not confirmed yet, so
 *   ask again;
 * - 'unknown': 402 "No payment has this transaction ID." (made up or mistyped) or 404: stop at once;
 * - 'refunded': 402 whose reason ends "Your payment is refunded.": charged, then given back;
 * - 'closed': 402 with another reason (declined, cancelled, expired): never confirmed, nothing charged;
 * - 'failed': anything else (network, server, a login the payment needs).
 */
export function recordOutcomeOf(error: unknown): TRecordOutcome {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.code === 'NOT_FOUND') return 'unknown';
  if (error.code !== 'PAYMENT_REQUIRED') return 'failed';
  return notConfirmedStateOf(error.message);
}

/** The record mutation's retry rule: only a pending payment is asked about again. */
export function shouldAskAgain(failureCount: number, error: unknown): boolean {
  return recordOutcomeOf(error) === 'pending' && failureCount < RECORD_POLL_ATTEMPTS;
}

/** The record mutation's retry options: every success screen asks the same way. */
export const RECORD_RETRY = { retry: shouldAskAgain, retryDelay: RECORD_POLL_INTERVAL_MS } as const;
