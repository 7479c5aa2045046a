import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, payments } from '../db/schema';
import { seedDemo } from '../db/seed';
import { createTestApp, type TTestApp } from '../test/test-app';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TTestApp;

/** The value of the sample `name` whose labels include every pair in `labels`. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value))
      return Number(match[4]);
  }
  return undefined;
}

async function scrape(): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
  return response.body;
}

beforeAll(async () => {
  t = await createTestApp({
    env: { METRICS_TOKEN: TOKEN },
    prepare: async (database, clock, config) => {
      await seedDemo(database.db, { clock, timeZone: config.timeZone, eventPrefix: 'Gala' });
    },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /metrics: who may read it', () => {
  it('is off (404) without METRICS_TOKEN', async () => {
    const off = await createTestApp();
    try {
      const response = await off.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toMatch(/samaj_/);
    } finally {
      await off.close();
    }
  });

  it('answers 401 without the token or with a wrong one, even to a signed-in admin', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.body).not.toMatch(/samaj_/);
    }
  });
});

describe('GET /metrics: what it counts', () => {
  it('counts requests by route pattern and status, with a latency histogram', async () => {
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/health', status: '200' };
    const start = sample(before, 'samaj_http_requests_total', labels) ?? 0;
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/42' });
    const after = await scrape();
    expect(sample(after, 'samaj_http_requests_total', labels)).toBe(start + 3);
    expect(sample(after, 'samaj_http_request_duration_seconds_count', labels)).toBe(start + 3);
    expect(
      sample(after, 'samaj_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBe(start + 3);
    // an unknown address is one series, not one per address
    expect(sample(after, 'samaj_http_requests_total', { route: 'unmatched', status: '404' })).toBe(
      1,
    );
    expect(after).not.toMatch(/no-such-thing/);
  });

  it('counts checkouts by status from the database at scrape time', async () => {
    const rows = await t.database.db
      .select({ status: payments.status, n: count() })
      .from(payments)
      .groupBy(payments.status);
    let text = await scrape();
    for (const row of rows)
      expect(sample(text, 'samaj_checkouts', { status: row.status })).toBe(row.n);
    const done = rows.find((row) => row.status === 'payment done')!.n;
    const expired = rows.find((row) => row.status === 'expired')?.n ?? 0;
    const [one] = await t.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.status, 'payment done'))
      .limit(1);
    await t.database.db.update(payments).set({ status: 'expired' }).where(eq(payments.id, one.id));
    text = await scrape();
    expect(sample(text, 'samaj_checkouts', { status: 'payment done' })).toBe(done - 1);
    expect(sample(text, 'samaj_checkouts', { status: 'expired' })).toBe(expired + 1);
  });

  it('shows the outbox depth, retries and failures, the pool and the event-loop lag', async () => {
    await t.database.db.delete(mailOutbox);
    t.clock.set('2026-11-22T15:00:00Z');
    await t.database.db.insert(mailOutbox).values([
      {
        toAddress: 'a@example.org',
        subject: 'a',
        textBody: 'a',
        createdAt: new Date('2026-11-22T14:50:00Z'),
      },
      {
        toAddress: 'b@example.org',
        subject: 'b',
        textBody: 'b',
        attempts: 2,
        lastError: 'timeout',
      },
      { toAddress: 'c@example.org', subject: 'c', textBody: 'c', status: 'failed', attempts: 8 },
    ]);
    const text = await scrape();
    expect(sample(text, 'samaj_mail_outbox', { status: 'pending' })).toBe(2);
    expect(sample(text, 'samaj_mail_outbox', { status: 'failed' })).toBe(1);
    expect(sample(text, 'samaj_mail_outbox', { status: 'sent' })).toBe(0);
    expect(sample(text, 'samaj_mail_outbox_retrying')).toBe(1);
    expect(sample(text, 'samaj_mail_outbox_oldest_pending_seconds')).toBe(600);
    expect(sample(text, 'samaj_database_up')).toBe(1);
    expect(
      sample(text, 'samaj_database_pool_connections', { state: 'total' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });
});
