/**
 * The family view's return from an extra-dependent payment (spec 02 §2.11): the provider sends
 * the buyer to `#/family?email=&member_id=&dependent=&transaction_id=&amount=`.
 */
import { notConfirmedStateOf } from '../../../domain/contracts/payments';
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
 * with the bare "not confirmed" sentence, so ask again for about a minute. Anything else (an
 * unknown transaction id, a declined, cancelled, expired or refunded payment) will never change.
 */
export function shouldAskAgain(failureCount: number, error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code === 'PAYMENT_REQUIRED' &&
    notConfirmedStateOf(error.message) === 'pending' &&
    failureCount < CONFIRMATION_POLL_ATTEMPTS
  );
}

/**
 * What the family view tells when the return could not be recorded: an i18n key for the
 * payment's own situation, or null for any other error (shown by its code), and whether the
 * outcome is final, so the payment can be dropped from the address.
 */
export function returnFailureOf(error: unknown): {
  key: 'family.paymentUnknown' | 'family.paymentRefunded' | 'family.paymentClosed' | null;
  final: boolean;
} {
  if (!(error instanceof ApiError) || error.code !== 'PAYMENT_REQUIRED')
    return { key: null, final: false };
  switch (notConfirmedStateOf(error.message)) {
    case 'unknown':
      return { key: 'family.paymentUnknown', final: true };
    case 'refunded':
      return { key: 'family.paymentRefunded', final: true };
    case 'closed':
      return { key: 'family.paymentClosed', final: true };
    default:
      return { key: null, final: false };
  }
}
