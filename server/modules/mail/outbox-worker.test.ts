import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDatabase, TDb } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { TestClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/test-database';
import { enqueueMail } from './outbox';
import type { TOutboxContext } from './outbox-batch';
import { startOutboxWorker, type TOutboxLog, type TOutboxWorker } from './outbox-worker';
import { createRecordingTransport } from './recording-transport';

// Generous: a loaded CI machine may be slow, and a passing wait returns at once.
const SOON = { timeout: 10_000, interval: 5 };
/** Long enough that no test here can see a polling run: only start and kick() send. */
const NEVER = 10 * 60_000;
const nobody = async () => false;

/** Yields to a server that `isBusy` says is busy, looking every 5 ms. */
function yieldingTo(
  isBusy: () => boolean,
  maxWaitMs: number,
  othersWaiting: () => Promise<boolean> = nobody,
) {
  return { isBusy, pollMs: 5, maxWaitMs, othersWaiting };
}

describe('the outbox worker', () => {
  const clock = new TestClock();
  let database: TDatabase;
  let ctx: TOutboxContext;
  let worker: TOutboxWorker | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    ctx = { db: database.db, clock };
  });

  afterAll(async () => {
    await database?.close();
  });

  beforeEach(async () => {
    await database.db.delete(mailOutbox);
  });

  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  const enqueue = (subject: string) =>
    enqueueMail(database.db, { to: 'member@example.org', subject, text: subject });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

  it('sends what is waiting at start, and a new mail as soon as it is kicked', async () => {
    await enqueue('Waiting at start');
    const transport = createRecordingTransport();
    worker = startOutboxWorker(ctx, transport, { intervalMs: NEVER });
    await vi.waitFor(() => expect(transport.sent).toHaveLength(1), SOON);

    await enqueue('Receipt');
    await settle();
    expect(transport.sent).toHaveLength(1);
    worker.kick();
    await vi.waitFor(() => expect(transport.sent).toHaveLength(2), SOON);
    expect(transport.sent.map((mail) => mail.subject)).toEqual(['Waiting at start', 'Receipt']);
  });

  it('drains a backlog batch after batch without waiting for the interval', async () => {
    for (let index = 1; index <= 5; index += 1) await enqueue(`Newsletter ${index}`);
    const transport = createRecordingTransport();
    worker = startOutboxWorker(ctx, transport, { intervalMs: NEVER, batchSize: 2 });
    await vi.waitFor(() => expect(transport.sent).toHaveLength(5), SOON);
  });

  it('polls on its interval', async () => {
    const transport = createRecordingTransport();
    worker = startOutboxWorker(ctx, transport, { intervalMs: 10 });
    await settle();
    await enqueue('Found by polling');
    await vi.waitFor(() => expect(transport.sent).toHaveLength(1), SOON);
  });

  it('stop() waits for the batch in flight, and afterwards nothing is sent', async () => {
    await enqueue('In flight');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sendStarted = false;
    const transport = createRecordingTransport(async () => {
      sendStarted = true;
      await gate;
    });
    worker = startOutboxWorker(ctx, transport, { intervalMs: 10 });
    await vi.waitFor(() => expect(sendStarted).toBe(true), SOON);

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    release();
    await stopping;
    const [row] = await database.db.select().from(mailOutbox);
    expect(row.status).toBe('sent');

    await enqueue('After stop');
    worker.kick();
    await settle();
    expect(transport.sent.map((mail) => mail.subject)).toEqual(['In flight']);
  });

  it('waits while the server is busy, and sends once it is quieter', async () => {
    await enqueue('Receipt in a rush');
    let busy = true;
    const transport = createRecordingTransport();
    worker = startOutboxWorker(ctx, transport, {
      intervalMs: NEVER,
      yieldWhileBusy: yieldingTo(() => busy, NEVER),
    });
    await settle();
    expect(transport.sent).toHaveLength(0);
    busy = false;
    await vi.waitFor(() => expect(transport.sent).toHaveLength(1), SOON);
  });

  it('sends anyway once it has waited its longest, however busy the server stays', async () => {
    await enqueue('Receipt under load');
    const transport = createRecordingTransport();
    worker = startOutboxWorker(ctx, transport, {
      intervalMs: NEVER,
      yieldWhileBusy: yieldingTo(() => true, 50),
    });
    await vi.waitFor(() => expect(transport.sent).toHaveLength(1), SOON);
  });

  it('stops while it waits for a quieter moment, without sending', async () => {
    await enqueue('Never sent');
    const transport = createRecordingTransport();
    worker = startOutboxWorker(ctx, transport, {
      intervalMs: NEVER,
      yieldWhileBusy: yieldingTo(() => true, NEVER),
    });
    await settle();
    await worker.stop();
    expect(transport.sent).toHaveLength(0);
  });

  const statuses = async () =>
    (await database.db.select().from(mailOutbox).orderBy(mailOutbox.id)).map((row) => ({
      status: row.status,
      lockedUntil: row.lockedUntil,
    }));

  it('gives way between two mails once requests come, hands the rest back, and sends them later', async () => {
    for (let index = 1; index <= 4; index += 1) await enqueue(`Receipt ${index}`);
    // A rush begins while the first receipt is being sent
    let rush = false;
    const transport = createRecordingTransport((mail) => {
      if (mail.subject === 'Receipt 1') rush = true;
    });
    worker = startOutboxWorker(ctx, transport, {
      intervalMs: NEVER,
      batchSize: 4,
      yieldWhileBusy: yieldingTo(
        () => rush,
        NEVER,
        async () => rush,
      ),
    });
    await vi.waitFor(() => expect(transport.sent).toHaveLength(1), SOON);
    await settle();
    expect(transport.sent).toHaveLength(1);
    // Back in the queue at once, not claimed until the lease runs out
    expect(await statuses()).toEqual([
      { status: 'sent', lockedUntil: null },
      ...Array.from({ length: 3 }, () => ({ status: 'pending', lockedUntil: null })),
    ]);

    rush = false;
    await vi.waitFor(() => expect(transport.sent).toHaveLength(4), SOON);
    expect(transport.sent.map((mail) => mail.subject)).toEqual([
      'Receipt 1',
      'Receipt 2',
      'Receipt 3',
      'Receipt 4',
    ]);
  });

  it('sends the whole batch once it has waited its longest, even while requests wait', async () => {
    for (let index = 1; index <= 3; index += 1) await enqueue(`Receipt ${index}`);
    const transport = createRecordingTransport();
    let asked = 0;
    worker = startOutboxWorker(ctx, transport, {
      intervalMs: NEVER,
      batchSize: 3,
      yieldWhileBusy: yieldingTo(
        () => true,
        50,
        async () => {
          asked += 1;
          return true;
        },
      ),
    });
    await vi.waitFor(() => expect(transport.sent).toHaveLength(3), SOON);
    expect(asked).toBe(0);
  });

  it('hands the rest of its batch back when stopped between two mails', async () => {
    for (let index = 1; index <= 3; index += 1) await enqueue(`Receipt ${index}`);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transport = createRecordingTransport(async () => {
      await gate;
    });
    worker = startOutboxWorker(ctx, transport, { intervalMs: NEVER, batchSize: 3 });
    await vi.waitFor(async () => expect((await statuses())[0].status).toBe('sending'), SOON);

    const stopping = worker.stop();
    release();
    await stopping;
    expect(transport.sent.map((mail) => mail.subject)).toEqual(['Receipt 1']);
    expect(await statuses()).toEqual([
      { status: 'sent', lockedUntil: null },
      { status: 'pending', lockedUntil: null },
      { status: 'pending', lockedUntil: null },
    ]);
  });

  it('logs failed deliveries and failed batches, and keeps running', async () => {
    const log = { warn: vi.fn(), error: vi.fn() } satisfies TOutboxLog;
    await enqueue('Refused');
    const refusing = createRecordingTransport(() => {
      throw new Error('550 mailbox unavailable');
    });
    worker = startOutboxWorker(ctx, refusing, { intervalMs: NEVER, log });
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledOnce(), SOON);
    expect(log.warn.mock.calls[0][0]).toEqual({ retrying: 1, failed: 0 });
    await worker.stop();

    // A database that refuses every transaction, as during a PostgreSQL restart.
    const unreachable = {
      transaction: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    } as unknown as TDb;
    worker = startOutboxWorker({ db: unreachable, clock }, createRecordingTransport(), {
      intervalMs: 5,
      log,
    });
    await vi.waitFor(() => expect(log.error.mock.calls.length).toBeGreaterThanOrEqual(2), SOON);
  });
});
