import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_STARTS_LIMIT_MESSAGE,
  UNPAID_HOLDS_LIMIT_MESSAGE,
} from '../../../domain/contracts/payments';
import { ApiError } from '../../lib/api-client';
import { checkoutLimitMessage } from './checkout-limit-message';

const t = ((key: string, values?: { count: number }) =>
  `${key}:${values?.count}`) as unknown as TFunction;
const limited = (message: string, retryAfterSeconds?: number) =>
  new ApiError('RATE_LIMITED', message, { status: 429, retryAfterSeconds });

describe('a buyer limit reached at checkout', () => {
  it('says the unpaid checkouts hold all one buyer may, and in how many minutes they lapse', () => {
    expect(checkoutLimitMessage(limited(UNPAID_HOLDS_LIMIT_MESSAGE, 1500), t)).toBe(
      'events.errors.unpaidHolds:25',
    );
  });

  it('says too many checkouts were started, rounding the wait up to a minute', () => {
    expect(checkoutLimitMessage(limited(CHECKOUT_STARTS_LIMIT_MESSAGE, 61), t)).toBe(
      'events.errors.tooManyCheckouts:2',
    );
    expect(checkoutLimitMessage(limited(CHECKOUT_STARTS_LIMIT_MESSAGE), t)).toBe(
      'events.errors.tooManyCheckouts:1',
    );
  });

  it('leaves any other error to the general messages', () => {
    expect(checkoutLimitMessage(limited('Too many requests'), t)).toBeNull();
    expect(
      checkoutLimitMessage(
        new ApiError('CONFLICT', UNPAID_HOLDS_LIMIT_MESSAGE, { status: 409 }),
        t,
      ),
    ).toBeNull();
  });
});
