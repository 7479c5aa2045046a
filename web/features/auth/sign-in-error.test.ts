import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { TEMP_ADMIN_NOT_VALID_MESSAGE } from '../../../domain/contracts/auth';
import { ApiError } from '../../lib/api-client';
import { SignInRefusedError } from './sign-in';
import { rateLimitMessage, signInErrorMessage } from './sign-in-error';

const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction;

describe('what a failed sign-in says', () => {
  it('says "The login detail is incorrect" for wrong credentials', () => {
    const wrong = new ApiError('UNAUTHENTICATED', 'The login detail is incorrect', { status: 401 });
    expect(signInErrorMessage(wrong, t)).toBe('auth.signIn.incorrect');
    expect(signInErrorMessage(new SignInRefusedError('no-token'), t)).toBe('auth.signIn.incorrect');
  });

  it('says how many minutes to wait after too many attempts, rounded up', () => {
    const limited = new ApiError('RATE_LIMITED', 'Too many attempts.', {
      status: 429,
      retryAfterSeconds: 541,
    });
    expect(signInErrorMessage(limited, t)).toBe('auth.tooManyAttempts {"count":10}');
    const soon = new ApiError('RATE_LIMITED', 'x', { status: 429, retryAfterSeconds: 5 });
    expect(rateLimitMessage(soon, t)).toBe('auth.tooManyAttempts {"count":1}');
  });

  it('falls back to the generic message when the wait is unknown', () => {
    const limited = new ApiError('RATE_LIMITED', 'x', { status: 429 });
    expect(signInErrorMessage(limited, t)).toBe('errors.codes.RATE_LIMITED');
  });

  it('tells a temporary admin outside the window so, and nothing else', () => {
    const outside = new ApiError('FORBIDDEN', TEMP_ADMIN_NOT_VALID_MESSAGE, { status: 403 });
    expect(signInErrorMessage(outside, t)).toBe('auth.signIn.tempAdminNotValid');
    const other = new ApiError('FORBIDDEN', 'You may not do this.', { status: 403 });
    expect(signInErrorMessage(other, t)).toBe('errors.codes.FORBIDDEN');
  });

  it('asks to sign in again when the account could not be loaded', () => {
    expect(signInErrorMessage(new SignInRefusedError('no-user'), t)).toBe('auth.signIn.noUser');
  });

  it('never shows a raw error', () => {
    expect(signInErrorMessage(new Error('TypeError: x is undefined'), t)).toBe(
      'errors.codes.INTERNAL',
    );
  });
});
