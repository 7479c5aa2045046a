/**
 * A checkout's admission under its event's lock (`admitUnderLock`, ./seats.ts) decides in SQL: it
 * answers when the seats fit and the event is on sale, and otherwise refuses with the reason,
 * aborting its transaction whole, so that its COMMIT may ride behind it on PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toCalendarDate } from '../../../domain/dates';
import { events } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { createEvent, createSeededApp, insertPayment, today } from '../payments/payments-test-kit';
import { admitUnderLock, seatRefusalMessage, seatRefusalOf, type TSeatRefusal } from './seats';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededApp();
});
afterAll(async () => {
  await t.close();
});

/** Admits `seats` of `eventId` as the transaction's last statement; the refusal, if any. */
async function admit(eventId: number, seats: number): Promise<TSeatRefusal | 'admitted'> {
  const now = t.clock.now();
  try {
    await t.database.db.transaction((tx) =>
      admitUnderLock(
        tx,
        { eventId, seats, now, today: toCalendarDate(now, t.config.timeZone) },
        {},
        { endsTransaction: true },
      ),
    );
    return 'admitted';
  } catch (error) {
    const refusal = seatRefusalOf(error);
    if (!refusal) throw error;
    return refusal;
  }
}

describe("a checkout's admission under its event's lock", () => {
  it('admits seats that fit beside the sold and the held, and refuses the rest with what is left', async () => {
    const event = await createEvent(t, { capacity: 5 });
    await insertPayment(t, { kind: 'nonmember-ticket', eventId: event.id, dependent: 2 });
    expect(await admit(event.id, 3)).toBe('admitted');
    const refusal = await admit(event.id, 4);
    expect(refusal).toEqual({ left: 3 });
    expect(seatRefusalMessage(refusal as TSeatRefusal)).toBe('Only 3 seats are left.');
  });

  it('refuses an event that is cancelled, over or gone, in the words a buyer reads', async () => {
    const cancelled = await createEvent(t, { status: 'cancelled' });
    const over = await createEvent(t, { eventDate: addDays(today(t), -1) });
    const cases: Array<[number, string]> = [
      [cancelled.id, 'This event is cancelled.'],
      [over.id, 'This event is over; its tickets are no longer sold.'],
      [-1, 'This event no longer exists.'],
    ];
    for (const [eventId, sentence] of cases) {
      const refusal = await admit(eventId, 1);
      expect(refusal).not.toBe('admitted');
      expect(seatRefusalMessage(refusal as TSeatRefusal)).toBe(sentence);
    }
  });

  it('rolls back everything its transaction wrote when it refuses', async () => {
    const event = await createEvent(t, { capacity: 1 });
    const now = t.clock.now();
    const refused = t.database.db.transaction(async (tx) => {
      await tx.update(events).set({ venue: 'Moved' }).where(eq(events.id, event.id));
      await admitUnderLock(
        tx,
        { eventId: event.id, seats: 2, now, today: toCalendarDate(now, t.config.timeZone) },
        {},
        { endsTransaction: true },
      );
    });
    await expect(refused).rejects.toSatisfy((error) => seatRefusalOf(error) !== undefined);
    const [row] = await t.database.db
      .select({ venue: events.venue })
      .from(events)
      .where(eq(events.id, event.id));
    expect(row.venue).toBe('Samaj Hall');
  });

  it('leaves any other error as it was', async () => {
    const failing = t.database.db.execute(sql`select 1 / 0`);
    const error = await failing.catch((caught: unknown) => caught);
    expect(seatRefusalOf(error)).toBeUndefined();
  });
});
