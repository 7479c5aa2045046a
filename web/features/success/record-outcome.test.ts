import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PAYMENT_NOT_CONFIRMED_MESSAGE,
  PAYMENT_UNKNOWN_MESSAGE,
} from '../../../domain/contracts/payments';
import { ApiError } from '../../lib/api-client';
import {
  RECORD_POLL_ATTEMPTS,
  RECORD_POLL_INTERVAL_MS,
  RECORD_RETRY,
  recordOutcomeOf,
  shouldAskAgain,
} from './record-outcome';

const notConfirmed = (message: string) =>
  new ApiError('PAYMENT_REQUIRED', message, { status: 402 });
const pending = notConfirmed(PAYMENT_NOT_CONFIRMED_MESSAGE);
const unknown = notConfirmed(PAYMENT_UNKNOWN_MESSAGE);

describe('recordOutcomeOf', () => {
  it('treats a bare 402 as a payment still being confirmed', () => {
    expect(recordOutcomeOf(pending)).toBe('pending');
  });

  it('treats "No payment has this transaction ID." as unknown, and a 404 too', () => {
    expect(recordOutcomeOf(unknown)).toBe('unknown');
    expect(recordOutcomeOf(new ApiError('NOT_FOUND', 'x', { status: 404 }))).toBe('unknown');
  });

  it('treats a 402 that gives a reason as a payment that will never be confirmed', () => {
    expect(
      recordOutcomeOf(notConfirmed(`${PAYMENT_NOT_CONFIRMED_MESSAGE} Your card was declined.`)),
    ).toBe('closed');
  });

  it('tells a refunded payment from one where nothing was charged', () => {
    expect(
      recordOutcomeOf(
        notConfirmed(
          `${PAYMENT_NOT_CONFIRMED_MESSAGE} Only 1 seat is left. Your payment is refunded.`,
        ),
      ),
    ).toBe('refunded');
  });

  it('treats network and server errors as failures to show with a retry', () => {
    expect(recordOutcomeOf(new ApiError('NETWORK', 'x', { status: 0 }))).toBe('failed');
    expect(recordOutcomeOf(new Error('boom'))).toBe('failed');
  });
});

describe('shouldAskAgain', () => {
  it('asks again while the payment is pending, up to about a minute', () => {
    expect(shouldAskAgain(1, pending)).toBe(true);
    expect(shouldAskAgain(RECORD_POLL_ATTEMPTS - 1, pending)).toBe(true);
    expect(shouldAskAgain(RECORD_POLL_ATTEMPTS, pending)).toBe(false);
  });

  it('never asks again about an unknown or closed payment, or a server error', () => {
    expect(shouldAskAgain(0, unknown)).toBe(false);
    expect(shouldAskAgain(0, new ApiError('NOT_FOUND', 'x', { status: 404 }))).toBe(false);
    expect(shouldAskAgain(0, new ApiError('INTERNAL', 'x', { status: 500 }))).toBe(false);
  });
});

describe('the record call as the screens send it', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Runs the record mutation with the screens' retry options against a fake server answer. */
  function recordWith(answer: () => Promise<unknown>) {
    const client = new QueryClient();
    const send = vi.fn((_transactionId: string) => answer());
    const observer = new MutationObserver<unknown, unknown, string>(client, {
      mutationFn: send,
      ...RECORD_RETRY,
    });
    const done = observer.mutate('txn_madeupmadeupmadeupmade').then(
      () => 'recorded',
      (error: unknown) => recordOutcomeOf(error),
    );
    return { send, done };
  }

  it('sends a made-up transaction id once and stops at once', async () => {
    vi.useFakeTimers();
    const { send, done } = recordWith(() => Promise.reject(unknown));
    await vi.advanceTimersByTimeAsync(0);
    expect(await done).toBe('unknown');
    await vi.advanceTimersByTimeAsync(RECORD_POLL_INTERVAL_MS * 5);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('asks again every 2 s while pending and records once the provider confirms', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const { send, done } = recordWith(() =>
      ++calls < 3 ? Promise.reject(pending) : Promise.resolve({ status: 'payment done' }),
    );
    await vi.advanceTimersByTimeAsync(RECORD_POLL_INTERVAL_MS - 1);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RECORD_POLL_INTERVAL_MS * 2);
    expect(await done).toBe('recorded');
    expect(send).toHaveBeenCalledTimes(3);
  });
});
