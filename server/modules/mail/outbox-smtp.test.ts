import os from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { TestClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/test-database';
import { createMailTransport, type TMailTransport } from './mail-transport';
import { enqueueMail, type TMailMessage } from './outbox';
import { processOutboxBatch, type TOutboxContext } from './outbox-batch';
import { batchResult } from './outbox-test-kit';
import { retryDelayMs } from './outbox-retry';
import { TestSmtpServer } from './test-smtp-server';

const HOUR = 60 * 60_000;

const mail = (subject: string): TMailMessage => ({
  to: 'member@example.org',
  subject,
  text: `${subject}: thank you for your payment.`,
});

describe('the mail outbox over SMTP', () => {
  const clock = new TestClock();
  const smtp = new TestSmtpServer();
  let database: TDatabase;
  let ctx: TOutboxContext;
  let transport: TMailTransport;

  beforeAll(async () => {
    database = await createTestDatabase();
    ctx = { db: database.db, clock };
    await smtp.start();
    transport = createMailTransport({
      smtpUrl: smtp.url,
      mailFrom: 'Samaj <no-reply@samaj.test>',
      dataDir: os.tmpdir(),
    });
  });

  afterAll(async () => {
    transport?.close();
    await smtp.stop();
    await database?.close();
  });

  beforeEach(async () => {
    await database.db.delete(mailOutbox);
    smtp.received.length = 0;
    clock.set('2026-11-22T15:00:00Z');
  });

  const processBatch = (limit = 10) => processOutboxBatch(ctx, transport, { limit });
  const readRow = async (id: number | null) => {
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    return row;
  };

  it('delivers a mail, keeps the next one through an outage and delivers it exactly once when the server is back', async () => {
    await enqueueMail(database.db, mail('Welcome'));
    expect(await processBatch()).toEqual(batchResult({ claimed: 1, sent: 1 }));
    expect(smtp.countSubject('Welcome')).toBe(1);
    expect(smtp.received[0].recipients).toEqual(['member@example.org']);
    expect(smtp.received[0].raw).toContain('From: Samaj <no-reply@samaj.test>');

    await smtp.stop();
    const id = await enqueueMail(database.db, mail('Receipt during the outage'));
    const failedAt = clock.now().getTime();
    expect(await processBatch()).toEqual(batchResult({ claimed: 1, retrying: 1 }));
    const pending = await readRow(id);
    expect(pending).toMatchObject({
      status: 'pending',
      attempts: 1,
      lockedUntil: null,
      sentAt: null,
    });
    expect(pending.nextAttemptAt.getTime()).toBe(failedAt + 30_000);
    expect(pending.lastError).toContain('ECONNREFUSED');

    clock.advance(29_000);
    expect(await processBatch()).toMatchObject({ claimed: 0 });
    expect(await readRow(id)).toMatchObject({ status: 'pending', attempts: 1 });

    await smtp.start();
    expect(await processBatch()).toMatchObject({ claimed: 0 });
    clock.advance(1_000);
    expect(await processBatch()).toEqual(batchResult({ claimed: 1, sent: 1 }));
    expect(await processBatch()).toMatchObject({ claimed: 0 });

    expect(smtp.countSubject('Receipt during the outage')).toBe(1);
    expect(smtp.received).toHaveLength(2);
    expect(await readRow(id)).toMatchObject({ status: 'sent', attempts: 1, sentAt: clock.now() });
  });

  it('sends each mail exactly once when two batches run at the same time', async () => {
    // Several rounds: a race that happens to serialise once must not hide a double send.
    for (let round = 1; round <= 3; round += 1) {
      const subjects = Array.from({ length: 4 }, (_, index) => `Ticket ${round}.${index + 1}`);
      for (const subject of subjects) await enqueueMail(database.db, mail(subject));

      // Each batch may take 3 of the 4, so however they interleave both have work to do.
      const results = await Promise.all([processBatch(3), processBatch(3)]);

      expect(results.every((result) => result.claimed >= 1)).toBe(true);
      expect(results[0].sent + results[1].sent).toBe(4);
      expect(subjects.map((subject) => smtp.countSubject(subject))).toEqual(subjects.map(() => 1));
    }
    expect(smtp.received).toHaveLength(12);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.map((row) => row.status)).toEqual(rows.map(() => 'sent'));
  });

  it('gives a mail up as failed after 10 failed attempts, backing off up to an hour', async () => {
    await smtp.stop();
    try {
      const id = await enqueueMail(database.db, mail('Never delivered'));
      for (let attempt = 1; attempt < 10; attempt += 1) {
        const failedAt = clock.now().getTime();
        expect(await processBatch()).toEqual(batchResult({ claimed: 1, retrying: 1 }));
        const row = await readRow(id);
        expect(row).toMatchObject({ status: 'pending', attempts: attempt });
        expect(row.nextAttemptAt.getTime() - failedAt).toBe(retryDelayMs(attempt));
        clock.advance(HOUR);
      }

      expect(await processBatch()).toEqual(batchResult({ claimed: 1, failed: 1 }));
      const failed = await readRow(id);
      expect(failed).toMatchObject({
        status: 'failed',
        attempts: 10,
        lockedUntil: null,
        sentAt: null,
      });
      expect(failed.lastError).toContain('ECONNREFUSED');
    } finally {
      await smtp.start();
    }

    clock.advance(24 * HOUR);
    expect(await processBatch()).toMatchObject({ claimed: 0 });
    expect(smtp.received).toHaveLength(0);
  });
});
