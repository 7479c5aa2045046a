/**
 * SMTP goes down for a while in the middle of sales: every receipt queued before, during and
 * after the outage reaches the mail server exactly once after it returns, sent by the same
 * background worker the server runs (not by hand-driven batches).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import {
  BUYER,
  createEvent,
  createSeededApp,
  nonMemberCheckout,
  payMock,
  startCheckout,
} from '../payments/payments-test-kit';
import { createMailTransport, type TMailTransport } from './mail-transport';
import { startOutboxWorker, type TOutboxWorker } from './outbox-worker';
import { TestSmtpServer } from './test-smtp-server';

const smtp = new TestSmtpServer();
let t: TTestApp;
let transport: TMailTransport;
let worker: TOutboxWorker;
const warnings: string[] = [];

beforeAll(async () => {
  await smtp.start();
  t = await createSeededApp({ env: { SMTP_URL: smtp.url, ORG_NAME: 'Samaj' } });
  transport = createMailTransport(t.config);
  worker = startOutboxWorker({ db: t.database.db, clock: t.clock }, transport, {
    intervalMs: 50,
    log: { warn: (_details, message) => warnings.push(message), error: () => undefined },
  });
  // As in the server: a committed receipt kicks the worker.
  t.app.ctx.kickMail = () => worker.kick();
});
afterAll(async () => {
  await worker?.stop();
  transport?.close();
  await smtp.stop();
  await t?.close();
});

let buyer = 0;
async function buyOneTicket(eventId: number): Promise<string> {
  buyer += 1;
  const payload = nonMemberCheckout(eventId, 1, {
    buyer: { ...BUYER, email: `buyer${buyer}@example.org` },
  });
  const transactionId = await startCheckout(t, payload);
  expect((await payMock(t, transactionId)).statusCode).toBe(200);
  return transactionId;
}

const subjectOf = (transactionId: string) => `Samaj: receipt for ${transactionId}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('receipts through an SMTP outage', () => {
  it('delivers every receipt exactly once after the mail server returns', async () => {
    const event = await createEvent(t);
    const before = [await buyOneTicket(event.id), await buyOneTicket(event.id)];
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(2);

    await smtp.stop();
    const during: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      during.push(await buyOneTicket(event.id));
      // Time passes during the outage: retries come due and fail again.
      t.clock.advance(60_000);
      worker.kick();
      await pause(100);
    }
    await expect.poll(() => warnings.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const waiting = await t.database.db.select().from(mailOutbox);
    // Waiting for a retry, or claimed by a batch that is failing right now.
    const unsent = waiting.filter((row) => row.status === 'pending' || row.status === 'sending');
    expect(unsent.length).toBeGreaterThanOrEqual(5);
    expect(waiting.some((row) => row.status === 'failed')).toBe(false);
    expect(smtp.received).toHaveLength(2);

    await smtp.start();
    const after = [await buyOneTicket(event.id)];
    // The retries' back-off runs on the app's clock: let it pass.
    t.clock.advance(60 * 60_000);
    worker.kick();

    const all = [...before, ...during, ...after];
    await expect
      .poll(() => all.filter((id) => smtp.countSubject(subjectOf(id)) >= 1).length, {
        timeout: 20_000,
      })
      .toBe(all.length);
    // More rounds of the worker must not send anything twice.
    t.clock.advance(60 * 60_000);
    worker.kick();
    await pause(500);
    expect(all.map((id) => smtp.countSubject(subjectOf(id)))).toEqual(all.map(() => 1));
    expect(smtp.received).toHaveLength(all.length);
    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
  });
});
