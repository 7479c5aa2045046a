import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { TestClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/test-database';
import { enqueueMail } from './outbox';
import {
  LEASE_MS,
  processOutboxBatch,
  type TBatchResult,
  type TOutboxContext,
} from './outbox-batch';
import { batchResult } from './outbox-test-kit';
import { createRecordingTransport } from './recording-transport';

describe('the claim (lease) a worker holds on the mails it sends', () => {
  const clock = new TestClock();
  let database: TDatabase;
  let ctx: TOutboxContext;

  beforeAll(async () => {
    database = await createTestDatabase();
    ctx = { db: database.db, clock };
  });

  afterAll(async () => {
    await database?.close();
  });

  beforeEach(async () => {
    await database.db.delete(mailOutbox);
    clock.set('2026-11-22T15:00:00Z');
  });

  const enqueue = (subject: string) =>
    enqueueMail(database.db, { to: 'member@example.org', subject, text: subject });

  it('leaves the mail of a vanished worker alone until its claim expires, then sends it', async () => {
    const id = await enqueue('Claimed by a worker that crashed');
    // What a claim writes; the worker then died before sending.
    await database.db
      .update(mailOutbox)
      .set({ status: 'sending', lockedUntil: new Date(clock.now().getTime() + LEASE_MS) })
      .where(eq(mailOutbox.id, id!));
    const transport = createRecordingTransport();

    clock.advance(LEASE_MS);
    expect(await processOutboxBatch(ctx, transport, { limit: 10 })).toMatchObject({ claimed: 0 });
    clock.advance(1);
    expect(await processOutboxBatch(ctx, transport, { limit: 10 })).toEqual(
      batchResult({ claimed: 1, sent: 1 }),
    );
    expect(transport.sent.map((mail) => mail.id)).toEqual([id]);
  });

  it('skips the mails of its batch that another worker took over once its claim ran out', async () => {
    const first = await enqueue('First');
    const second = await enqueue('Second');
    const otherWorker = createRecordingTransport();
    let otherResult: TBatchResult | undefined;
    const slowWorker = createRecordingTransport(async (mail) => {
      if (mail.id !== first) return;
      // This send outlives the claim; meanwhile another worker claims both mails and sends them.
      clock.advance(LEASE_MS + 1_000);
      otherResult = await processOutboxBatch(ctx, otherWorker, { limit: 10 });
      throw new Error('This operation was aborted');
    });

    const result = await processOutboxBatch(ctx, slowWorker, { limit: 10 });

    expect(result).toEqual(batchResult({ claimed: 2 }));
    expect(otherResult).toEqual(batchResult({ claimed: 2, sent: 2 }));
    expect(slowWorker.sent).toEqual([]);
    expect(otherWorker.sent.map((mail) => mail.id)).toEqual([first, second]);
    // The late failure of the first worker does not undo the other worker's delivery.
    const rows = await database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(rows).toMatchObject([
      { status: 'sent', attempts: 0, lastError: null },
      { status: 'sent', attempts: 0, lastError: null },
    ]);
  });
});
