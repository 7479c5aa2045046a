/**
 * The seats an event row counts as sold (`seats_sold`, kept by a trigger, migration 0018) always
 * equal a count over its confirmed ticket payments, whatever happens to the payments.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from '../../../domain/constants';
import { events, payments, TICKET_KINDS } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import {
  buyNonMemberTickets,
  createEvent,
  createSeededApp,
  insertPayment,
} from '../payments/payments-test-kit';
import { readEventWithSeatsTaken, seatsTaken } from './seats';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededApp();
});
afterAll(async () => {
  await t.close();
});

/** Every event's kept count beside a fresh count of its confirmed ticket payments. */
async function keptAndCounted() {
  const result = (await t.database.db.execute(sql`
    select e.id, e.seats_sold as kept,
           coalesce((select sum(p.dependent) from payments p
                      where p.event_id = e.id and p.status = 'payment done'
                        and p.kind in ('member-ticket', 'nonmember-ticket', 'table-for-10')), 0)::int as counted
      from events e order by e.id`)) as unknown as {
    rows: Array<{ id: number; kept: number; counted: number }>;
  };
  return result.rows;
}

/** A small generator with a seed, so a failing mix can be run again. */
function randomFrom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

describe('seats sold, kept by the database', () => {
  it('counts what the seed and the migration found', async () => {
    const rows = await keptAndCounted();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.kept > 0)).toBe(true);
    for (const row of rows) expect(row.kept).toBe(row.counted);
  });

  it('follows a purchase through the app: the seats show as sold and taken', async () => {
    const event = await createEvent(t, { capacity: 20 });
    await buyNonMemberTickets(t, event.id, 3);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row.seatsSold).toBe(3);
    expect(await seatsTaken(t.database.db, event.id, t.clock.now(), { confirmedOnly: true })).toBe(
      3,
    );
  });

  it('equals a recount after a random mix of inserts, confirmations, moves, changes and deletions', async () => {
    const next = randomFrom(20_261_123);
    const first = await createEvent(t);
    const second = await createEvent(t);
    const eventIds = [first.id, second.id];
    const kinds = [...TICKET_KINDS, 'registration' as const, 'donation' as const];
    const ids: number[] = [];
    for (let step = 0; step < 300; step += 1) {
      const action = ids.length === 0 ? 0 : next(5);
      const id = ids[next(Math.max(ids.length, 1))];
      if (action === 0) {
        const row = await insertPayment(t, {
          kind: kinds[next(kinds.length)],
          eventId: eventIds[next(2)],
          dependent: 1 + next(10),
          status: PAYMENT_STATUSES[next(PAYMENT_STATUSES.length)],
        });
        ids.push(row.id);
      } else if (action === 1) {
        const status = PAYMENT_STATUSES[next(PAYMENT_STATUSES.length)];
        await t.database.db.update(payments).set({ status }).where(eq(payments.id, id));
      } else if (action === 2) {
        await t.database.db
          .update(payments)
          .set({ eventId: eventIds[next(2)] })
          .where(eq(payments.id, id));
      } else if (action === 3) {
        await t.database.db
          .update(payments)
          .set({ dependent: next(12), kind: kinds[next(kinds.length)] })
          .where(eq(payments.id, id));
      } else {
        await t.database.db.delete(payments).where(eq(payments.id, id));
        ids.splice(ids.indexOf(id), 1);
      }
    }
    for (const row of await keptAndCounted()) expect(row.kept).toBe(row.counted);
    // A checkout's first read of its event counts the seats taken as seatsTaken does
    for (const eventId of eventIds) {
      const now = t.clock.now();
      const read = await readEventWithSeatsTaken(t.database.db, eventId, now);
      expect(read?.seatsTaken).toBe(await seatsTaken(t.database.db, eventId, now));
    }
  });

  it('counts afresh on demand (a restore), to the same numbers', async () => {
    const before = await keptAndCounted();
    await t.database.db.execute(sql`update events set seats_sold = seats_sold + 7`);
    await t.database.db.execute(sql`select recount_seats_sold()`);
    expect(await keptAndCounted()).toEqual(before);
  });
});
