import type { TFunction } from 'i18next';
import { TEMP_ADMIN_NOT_VALID_MESSAGE } from '../../../domain/contracts/auth';
import { ApiError, messageOf } from '../../lib/api-client';
import { SignInRefusedError } from './sign-in';

const SECONDS_PER_MINUTE = 60;

/** "Try again in N minutes" for a 429 that says how long to wait (its Retry-After). */
export function rateLimitMessage(error: unknown, t: TFunction): string | null {
  if (!(error instanceof ApiError) || error.code !== 'RATE_LIMITED') return null;
  if (error.retryAfterSeconds === undefined) return null;
  const count = Math.max(1, Math.ceil(error.retryAfterSeconds / SECONDS_PER_MINUTE));
  return t('auth.tooManyAttempts', { count });
}

/** What a failed sign-in tells the visitor, in their language; never a raw error. */
export function signInErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof SignInRefusedError) {
    return error.reason === 'no-user' ? t('auth.signIn.noUser') : t('auth.signIn.incorrect');
  }
  if (!(error instanceof ApiError)) return messageOf(error, t);
  if (error.code === 'UNAUTHENTICATED') return t('auth.signIn.incorrect');
  if (error.code === 'FORBIDDEN' && error.message === TEMP_ADMIN_NOT_VALID_MESSAGE) {
    return t('auth.signIn.tempAdminNotValid');
  }
  return rateLimitMessage(error, t) ?? messageOf(error, t);
}
