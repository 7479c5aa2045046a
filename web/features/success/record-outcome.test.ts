import { describe, expect, it } from 'vitest';
import { PAYMENT_NOT_CONFIRMED_MESSAGE } from '../../../domain/contracts/payments';
import { ApiError } from '../../lib/api-client';
import { RECORD_POLL_ATTEMPTS, recordOutcomeOf, shouldAskAgain } from './record-outcome';

const notConfirmed = (message: string) =>
  new ApiError('PAYMENT_REQUIRED', message, { status: 402 });

describe('recordOutcomeOf', () => {
  it('treats a bare 402 as a payment still being confirmed', () => {
    expect(recordOutcomeOf(notConfirmed(PAYMENT_NOT_CONFIRMED_MESSAGE))).toBe('pending');
  });

  it('treats a 402 that gives a reason as a payment that will never be confirmed', () => {
    expect(
      recordOutcomeOf(notConfirmed(`${PAYMENT_NOT_CONFIRMED_MESSAGE} Your card was declined.`)),
    ).toBe('closed');
  });

  it('treats an unknown transaction (404) as closed', () => {
    expect(recordOutcomeOf(new ApiError('NOT_FOUND', 'x', { status: 404 }))).toBe('closed');
  });

  it('treats network and server errors as failures to show with a retry', () => {
    expect(recordOutcomeOf(new ApiError('NETWORK', 'x', { status: 0 }))).toBe('failed');
    expect(recordOutcomeOf(new Error('boom'))).toBe('failed');
  });
});

describe('shouldAskAgain', () => {
  const pending = notConfirmed(PAYMENT_NOT_CONFIRMED_MESSAGE);

  it('asks again while the payment is pending, up to about a minute', () => {
    expect(shouldAskAgain(1, pending)).toBe(true);
    expect(shouldAskAgain(RECORD_POLL_ATTEMPTS - 1, pending)).toBe(true);
    expect(shouldAskAgain(RECORD_POLL_ATTEMPTS, pending)).toBe(false);
  });

  it('never asks again about a closed payment or a server error', () => {
    expect(shouldAskAgain(0, new ApiError('NOT_FOUND', 'x', { status: 404 }))).toBe(false);
    expect(shouldAskAgain(0, new ApiError('INTERNAL', 'x', { status: 500 }))).toBe(false);
  });
});
