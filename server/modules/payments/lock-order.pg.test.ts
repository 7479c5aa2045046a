/**
 * Every buyer of an event queues on the event's row lock, so a purchase writes its rows first and
 * takes that lock last: a checkout's payment, buyer and audit entry (`admitUnderLock`,
 * ../events/seats.ts), a confirmation's history entry, ticket, receipt and audit entry
 * (`sendCarriedAhead`, ../../db/carried-writes.ts) are written before it waits, not while others
 * wait for it. A real PostgreSQL: only there does another transaction hold the lock meanwhile, and
 * only there does the server show what a waiting statement is.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresPoolOf } from '../../db/client';
import type { TTestApp } from '../../test/test-app';
import {
  checkout,
  createEvent,
  createSeededPostgresApp,
  nonMemberCheckout,
  payMock,
  startCheckout,
} from './payments-test-kit';

let t: TTestApp;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createSeededPostgresApp();
  pool = postgresPoolOf(t.database);
});
afterAll(async () => {
  await t.close();
});

/**
 * Runs `purchase` while another transaction holds the event's row lock; answers the statement
 * the purchase waited with, and the purchase's answer once the lock is let go.
 */
async function whileEventLocked<T>(
  eventId: number,
  purchase: () => Promise<T>,
): Promise<{ waitingStatement: string; answer: T }> {
  const holder = await pool.connect();
  try {
    await holder.query('begin');
    await holder.query('select id from events where id = $1 for no key update', [eventId]);
    const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid'))
      .rows[0].pid;
    const answer = purchase();
    let waitingStatement: string | undefined;
    for (let tries = 0; tries < 200 && waitingStatement === undefined; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const { rows } = await pool.query<{ query: string }>(
        'select query from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
        [holderPid],
      );
      waitingStatement = rows[0]?.query;
    }
    await holder.query('commit');
    if (waitingStatement === undefined) throw new Error('The purchase never waited for the lock.');
    return { waitingStatement, answer: await answer };
  } finally {
    holder.release();
  }
}

describe("a purchase takes its event's lock after its writes", () => {
  it('checks out: the payment, its buyer and the audit entry are written before the wait', async () => {
    const event = await createEvent(t, { capacity: 5 });
    const { waitingStatement, answer } = await whileEventLocked(event.id, () =>
      checkout(t, nonMemberCheckout(event.id, 2)),
    );
    expect(waitingStatement).toMatch(/for no key update/);
    expect(waitingStatement).not.toMatch(/\binsert\b/i);
    expect(answer.statusCode).toBe(200);
  });

  it('confirms: the history entry, ticket, receipt and audit entry are written before the wait', async () => {
    const event = await createEvent(t, { capacity: 5 });
    const transactionId = await startCheckout(t, nonMemberCheckout(event.id, 2));
    const { waitingStatement, answer } = await whileEventLocked(event.id, () =>
      payMock(t, transactionId),
    );
    expect(waitingStatement).toMatch(/^update "payments"/);
    expect(waitingStatement).not.toMatch(/\binsert\b/i);
    expect(answer.statusCode).toBe(200);
  });
});
