import type { TFunction } from 'i18next';
import {
  CHECKOUT_STARTS_LIMIT_MESSAGE,
  UNPAID_HOLDS_LIMIT_MESSAGE,
} from '../../../domain/contracts/payments';
import { ApiError } from '../../lib/api-client';

const SECONDS_PER_MINUTE = 60;

/** A buyer's limit (ANONYMOUS_LIMITS) reached: which one, and in how many minutes to try again. */
export function checkoutLimitMessage(error: unknown, t: TFunction): string | null {
  if (!(error instanceof ApiError) || error.code !== 'RATE_LIMITED') return null;
  const count = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 0) / SECONDS_PER_MINUTE));
  if (error.message === UNPAID_HOLDS_LIMIT_MESSAGE)
    return t('events.errors.unpaidHolds', { count });
  if (error.message === CHECKOUT_STARTS_LIMIT_MESSAGE)
    return t('events.errors.tooManyCheckouts', { count });
  return null;
}
