import { describe, expect, it } from 'vitest';
import { describeSendError, retryDelayMs } from './outbox-retry';

describe('retryDelayMs', () => {
  it('waits 30 s after the first failure and doubles after each further one', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000,
    ]);
  });

  it('never waits more than an hour', () => {
    expect(retryDelayMs(8)).toBe(3_600_000);
    expect(retryDelayMs(9)).toBe(3_600_000);
    expect(retryDelayMs(40)).toBe(3_600_000);
  });
});

describe('describeSendError', () => {
  it('keeps the error code and message on one line', () => {
    const error = Object.assign(new Error('Greeting never received\n  at the server'), {
      code: 'ETIMEDOUT',
    });
    expect(describeSendError(error)).toBe('ETIMEDOUT: Greeting never received at the server');
  });

  it('does not repeat a code the message already names', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), {
      code: 'ECONNREFUSED',
    });
    expect(describeSendError(error)).toBe('connect ECONNREFUSED 127.0.0.1:2525');
  });

  it('cuts a long error to 300 characters', () => {
    const described = describeSendError(new Error('x'.repeat(1_000)));
    expect(described).toHaveLength(300);
    expect(described.endsWith('…')).toBe(true);
  });

  it('describes a thrown value that is not an Error', () => {
    expect(describeSendError('mailbox full')).toBe('mailbox full');
  });
});
