import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTestApp } from '../../test/test-app';
import { createSeededApp, latestAudit } from './auth-test-kit';

/** The load balancer's own address: the only peer this server ever sees behind it. */
const PROXY = '10.0.0.5';
/** The client's real address, which the proxy appends to whatever X-Forwarded-For it was sent. */
const CLIENT = '198.51.100.77';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => t.close());

/** A wrong sign-in from CLIENT through the proxy, with a forged X-Forwarded-For of its choosing. */
function forgedSignIn(i: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/signin',
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': `203.0.113.${i}, ${CLIENT}` },
    // A different unknown e-mail each time: only the per-address limit can stop these.
    payload: { email: `nobody-${i}@example.org`, password: 'wrong-guess' },
  });
}

describe('TRUST_PROXY=1 behind a proxy that appends X-Forwarded-For', () => {
  it('counts sign-in failures against the proxy-appended address, however the header is forged', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 25; i += 1) statuses.push((await forgedSignIn(i)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('writes the proxy-appended address to the audit log, not the forged one', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '203.0.113.200, 192.0.2.44' },
      payload: { email: 'someone-else@example.org', password: 'wrong-guess' },
    });
    const [entry] = await latestAudit(t);
    expect(entry.ipAddress).toBe('192.0.2.44');
  });
});
