import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { rateLimits } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { createSeededApp, DEMO, signInAs, type TCaller } from './auth-test-kit';
import { signInDelayMs } from './signin.service';

const MINUTE = 60 * 1000;

let t: TTestApp;
let secondInstance: FastifyInstance;
let start: Date;
beforeAll(async () => {
  t = await createSeededApp();
  // A second server on the same database, as behind a load balancer.
  secondInstance = await buildApp({
    config: t.config,
    database: t.database,
    clock: t.clock,
    logger: false,
  });
  start = t.clock.now();
});
afterEach(async () => {
  t.clock.set(start);
  await t.database.db.delete(rateLimits);
});
afterAll(async () => {
  await secondInstance.close();
  await t.close();
});

let ipCounter = 0;
const newIp = () => `192.0.2.${(ipCounter += 1)}`;

const routes: Array<[string, TCaller]> = [
  ['POST /api/user/signin', 'admin'],
  ['POST /api/memlogin', 'member'],
];

describe.each(routes)('%s: nobody can lock an account', (_route, caller) => {
  it('signs the owner in from a clean address after 5 wrong passwords from other addresses, slowed but not refused', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await signInAs(t, caller, { password: `guess-${i}`, ip: newIp() })).statusCode).toBe(
        401,
      );
    }
    const startedAt = performance.now();
    const owner = await signInAs(t, caller, { ip: newIp() });
    expect(owner.statusCode).toBe(200);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(signInDelayMs(6) - 20);
  });

  it('refuses a sixth try at one e-mail from one address with 429 and Retry-After, even with the right password; a clean address still signs in', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await signInAs(t, caller, { password: `guess-${i}`, ip })).statusCode).toBe(401);
    }
    t.clock.advance(5 * MINUTE);
    const refused = await signInAs(t, caller, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe(String(10 * 60));
    const [row] = await t.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:pair:${DEMO[caller]}|${ip}`));
    expect(row.hits).toBeGreaterThanOrEqual(5);
    expect((await signInAs(t, caller, { ip: newIp() })).statusCode).toBe(200);
  });
});

describe('sign-in brute-force limits (15-minute windows, counted in the database)', () => {
  it('lets the address try the e-mail again once the window has ended', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i += 1) await signInAs(t, 'member', { password: `guess-${i}`, ip });
    expect((await signInAs(t, 'member', { ip })).statusCode).toBe(429);
    t.clock.advance(15 * MINUTE);
    expect((await signInAs(t, 'member', { ip })).statusCode).toBe(200);
  });

  it('counts the e-mail however it is cased', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i += 1) {
      await signInAs(t, 'super', {
        email: i % 2 ? 'SUPER@example.org' : DEMO.super,
        password: 'wrong',
        ip,
      });
    }
    expect((await signInAs(t, 'super', { ip })).statusCode).toBe(429);
  });

  it('clears the count of an e-mail at an address on a success below the limit', async () => {
    const ip = newIp();
    for (let i = 0; i < 4; i += 1) await signInAs(t, 'admin', { password: 'wrong', ip });
    expect((await signInAs(t, 'admin', { ip })).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await signInAs(t, 'admin', { password: 'wrong', ip });
    expect((await signInAs(t, 'admin', { ip })).statusCode).toBe(200);
  });

  it('after 20 failures from one address refuses it, and a success there does not reset the count', async () => {
    const ip = newIp();
    for (let i = 0; i < 19; i += 1) {
      expect((await signInAs(t, 'admin', { email: `nobody${i}@example.org`, ip })).statusCode).toBe(
        401,
      );
    }
    expect((await signInAs(t, 'super', { ip })).statusCode).toBe(200);
    expect((await signInAs(t, 'admin', { email: 'nobody-more@example.org', ip })).statusCode).toBe(
      401,
    );
    const refused = await signInAs(t, 'temp', { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signInAs(t, 'temp', { ip: newIp() })).statusCode).toBe(200);
  });

  it('lets at most 5 of 10 simultaneous guesses from one address at one e-mail be checked (the count is taken atomically)', async () => {
    const ip = newIp();
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        signInAs(t, 'member', { password: `parallel-${i}`, ip }),
      ),
    );
    const statuses = guesses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('shares the counts between server instances', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i += 1) await signInAs(t, 'temp', { password: 'wrong', ip });
    const onSecond = await secondInstance.inject({
      method: 'POST',
      url: '/api/user/signin',
      remoteAddress: ip,
      payload: { email: DEMO.temp, password: 'samaj-demo' },
    });
    expect(onSecond.statusCode).toBe(429);
  });

  it('slows every try at an e-mail once it has 5 failures in the window, more with each, at most 5 s', () => {
    expect([1, 5, 6, 7, 10, 100].map(signInDelayMs)).toEqual([0, 0, 500, 1000, 2500, 5000]);
  });
});
