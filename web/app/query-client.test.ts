import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { createQueryClient, shouldRetry } from './query-client';

describe('query retries', () => {
  it('does not retry a 4xx answer', () => {
    for (const [code, status] of [
      ['VALIDATION', 400],
      ['UNAUTHENTICATED', 401],
      ['NOT_FOUND', 404],
      ['RATE_LIMITED', 429],
    ] as const) {
      expect(shouldRetry(0, new ApiError(code, '', { status }))).toBe(false);
    }
  });

  it('retries server and network errors twice', () => {
    const serverError = new ApiError('INTERNAL', '', { status: 500 });
    const offline = new ApiError('NETWORK', '', { status: 0 });
    expect([0, 1, 2].map((count) => shouldRetry(count, serverError))).toEqual([true, true, false]);
    expect(shouldRetry(1, offline)).toBe(true);
  });
});

describe('expired sessions', () => {
  it('treats a 401 to a request with a stored login as an expired session', async () => {
    let expired = 0;
    const client = createQueryClient(() => expired++);
    const refuse = (sentToken: boolean) => () =>
      Promise.reject(new ApiError('UNAUTHENTICATED', '', { status: 401, sentToken }));
    await client
      .fetchQuery({ queryKey: ['wrong-password'], queryFn: refuse(false) })
      .catch(() => undefined);
    expect(expired).toBe(0);
    await client
      .fetchQuery({ queryKey: ['stale-login'], queryFn: refuse(true) })
      .catch(() => undefined);
    expect(expired).toBe(1);
    client.clear();
  });
});
