/**
 * The family view's return from an extra-dependent payment (spec 02 §2.11): the provider sends
 * the buyer to `#/family?email=&member_id=&dependent=&transaction_id=&amount=`.
 */
import { PAYMENT_NOT_CONFIRMED_MESSAGE } from '../../../domain/contracts/payments';
import { ApiError } from '../../lib/api-client';
import type { TDependentPaymentReturn } from './api/record-dependent-payment';

export const PAYMENT_RETURN_PARAMS = [
  'email',
  'member_id',
  'dependent',
  'transaction_id',
  'amount',
] as const;

/** The payment the address names, or null when this is not a return from paying. */
export function paymentReturnOf(params: URLSearchParams): TDependentPaymentReturn | null {
  const transactionID = params.get('transaction_id');
  const memberId = Number(params.get('member_id'));
  if (!transactionID || !Number.isInteger(memberId) || memberId <= 0) return null;
  return {
    transactionID,
    memberId,
    email: params.get('email') ?? '',
    dependent: Number(params.get('dependent')) || 0,
    amount: params.get('amount') ?? '',
  };
}

export const CONFIRMATION_POLL_INTERVAL_MS = 2_000;
const CONFIRMATION_POLL_ATTEMPTS = 30;

/**
 * With Stripe the buyer can be back before the provider confirms: the server then answers 402
 * with the bare "not confirmed" sentence, so ask again for about a minute. A 402 with a reason
 * (declined, cancelled, expired) will never change.
 */
export function shouldAskAgain(failureCount: number, error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code === 'PAYMENT_REQUIRED' &&
    error.message.trim() === PAYMENT_NOT_CONFIRMED_MESSAGE &&
    failureCount < CONFIRMATION_POLL_ATTEMPTS
  );
}
