/**
 * kill -9 in the middle of confirmations (DESIGN §8: crash tests run on PostgreSQL). Every
 * confirmation the server answered 200 must be stored, with its ticket and its one receipt, and
 * nothing may be half done or done twice after the restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../ops/test-processes';
import { adminQuery, withDatabase } from '../../test/global-setup';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BUYERS = 60;
const PAID_BEFORE_KILL = 12;

let databaseUrl: string;
let databaseName: string;
let dataDir: string;
let port: number;
let server: ChildProcess | null = null;
let serverLog = '';

/**
 * The real server process, as `npm start` runs it after its web build step (scripts/start.mjs
 * imports server/main.ts through tsx); the build is left out so the test does not depend on the
 * web sources.
 */
async function startServer(): Promise<void> {
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDER: 'mock',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (serverLog += chunk));
  server.stderr?.on('data', (chunk) => (serverLog += chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start:\n${serverLog}`);
}

function killHard(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const api = (pathname: string, body?: object) =>
  fetch(`http://127.0.0.1:${port}/api${pathname}`, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });

/**
 * A checkout as one of many different buyers: each comes from its own loopback address (all of
 * 127.0.0.0/8 reaches this host on Linux), since one address may hold only a few seats unpaid.
 */
function checkoutFrom(buyer: number, body: object): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/checkout',
        method: 'POST',
        localAddress: `127.0.${Math.floor(buyer / 250) + 1}.${(buyer % 250) + 2}`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function query<T extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const adminUrl = process.env.DATABASE_URL as string;
  databaseName = `samaj_crash_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(adminUrl, `create database ${databaseName}`);
  databaseUrl = withDatabase(adminUrl, databaseName);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-crash-'));
  port = await freePort();
  await startServer();
}, 90_000);

afterAll(async () => {
  await killHard();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await adminQuery(
    process.env.DATABASE_URL as string,
    `drop database if exists ${databaseName} with (force)`,
  );
});

describe('a server killed with -9 while confirming payments', () => {
  it('keeps every answered confirmation whole after a restart, and none twice', async () => {
    const [event] = await query<{ id: number }>(
      `insert into events (name, event_date, event_time, member_price_cents, non_member_price_cents, table_price_cents, capacity)
       values ('Crash Gala', (now() + interval '20 days')::date, '18:00', 1000, 1500, 12000, 1000) returning id`,
    );
    const transactionIds: string[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const response = await checkoutFrom(i, {
        kind: 'nonmember-ticket',
        eventid: event.id,
        ticket: 1,
        buyer: {
          fname: `Buyer${i}`,
          lname: 'Crash',
          email: `buyer${i}@example.net`,
          contact: '7135550100',
        },
      });
      expect(response.status, response.body).toBe(200);
      transactionIds.push((JSON.parse(response.body) as { transactionID: string }).transactionID);
    }

    const answered = new Set<string>();
    let killing: Promise<void> | null = null;
    await Promise.all(
      transactionIds.map(async (transactionId) => {
        try {
          const response = await api(`/payments/mock/${transactionId}/confirm`, {
            cardNumber: '4242 4242 4242 4242',
            expiry: '12/30',
            cvc: '123',
          });
          if (response.status === 200) answered.add(transactionId);
          if (answered.size >= PAID_BEFORE_KILL) killing ??= killHard();
        } catch {
          // the connection died with the server: this confirmation was not answered
        }
      }),
    );
    await killing;
    expect(answered.size).toBeGreaterThanOrEqual(PAID_BEFORE_KILL);
    expect(answered.size).toBeLessThan(BUYERS);

    await startServer();
    const stateOf = async () =>
      query<{ transaction_id: string; status: string; tickets: number; receipts: number }>(
        `select p.transaction_id, p.status,
                (select count(*)::int from tickets t where t.payment_id = p.id) as tickets,
                (select count(*)::int from mail_outbox m where m.dedupe_key = 'receipt:' || p.transaction_id) as receipts
           from payments p where p.event_id = $1`,
        [event.id],
      );

    const afterCrash = await stateOf();
    for (const row of afterCrash) {
      if (answered.has(row.transaction_id))
        expect(row).toMatchObject({ status: 'payment done', tickets: 1, receipts: 1 });
      // A confirmation is all or nothing: paid with its ticket and receipt, or still pending without
      if (row.status === 'payment done') expect(row).toMatchObject({ tickets: 1, receipts: 1 });
      else expect(row).toMatchObject({ status: 'pending', tickets: 0, receipts: 0 });
    }

    // The buyers whose answer was lost retry; everyone ends paid exactly once
    for (const transactionId of transactionIds) {
      const retry = await api(`/payments/mock/${transactionId}/confirm`, {
        cardNumber: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
      });
      expect(retry.status).toBe(200);
    }
    const final = await stateOf();
    expect(final).toHaveLength(BUYERS);
    expect(
      final.every(
        (row) => row.status === 'payment done' && row.tickets === 1 && row.receipts === 1,
      ),
    ).toBe(true);
  }, 120_000);
});
