/**
 * Several instances run the offer timer at once (a real PostgreSQL: PGlite has one connection,
 * so nothing there runs at once): one offer is made, and mailed, once.
 */
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, mailOutbox, waitlistEntries } from '../../db/schema';
import type { TTestApp } from '../../test/test-app';
import { createSeededPostgresApp } from '../payments/payments-test-kit';
import { lapsedDedupeKey, offerFreedSeats } from './waitlist-offers';
import { entryOf, joinConfirmed, runOffers, soldOutEvent, waiter } from './waitlist-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededPostgresApp();
});
afterAll(async () => {
  await t.close();
});

describe('offers made by several instances at once', () => {
  it('makes and mails each offer once when two runs race', async () => {
    const event = await soldOutEvent(t, 2);
    const first = await joinConfirmed(t, waiter(event.id, 2));
    const second = await joinConfirmed(t, waiter(event.id, 2));
    await t.database.db.update(events).set({ capacity: 4 }).where(eq(events.id, event.id));

    const runs = await Promise.all([runOffers(t), runOffers(t)]);
    const offered = runs.flatMap((run) => run.offered);
    const firstEntry = await entryOf(t, event.id, first);
    expect(offered).toEqual([firstEntry.id]);
    expect(firstEntry.offers).toBe(1);
    expect((await entryOf(t, event.id, second)).status).toBe('waiting');
    const [mails] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, `waitlist-offer:${firstEntry.id}:%`));
    expect(Number(mails.n)).toBe(1);
  });

  it('makes one offer, and mails one lapse, when the instant check races the timers', async () => {
    const event = await soldOutEvent(t, 2);
    const first = await joinConfirmed(t, waiter(event.id, 2));
    await t.database.db.update(events).set({ capacity: 4 }).where(eq(events.id, event.id));
    const deps = { db: t.database.db, config: t.config, now: t.clock.now(), log: console };
    const raced = await Promise.all([
      offerFreedSeats(deps, event.id),
      offerFreedSeats(deps, event.id),
      runOffers(t),
    ]);
    const entry = await entryOf(t, event.id, first);
    expect(raced.flatMap((run) => (Array.isArray(run) ? run : run.offered))).toEqual([entry.id]);

    t.clock.advance(24 * 3_600_000 + 60_000);
    const lapses = await Promise.all([runOffers(t), runOffers(t), runOffers(t)]);
    expect(lapses.flatMap((run) => run.expired).filter((id) => id === entry.id)).toHaveLength(1);
    const [mails] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, lapsedDedupeKey(entry.id, 1)));
    expect(Number(mails.n)).toBe(1);
  });

  it('never offers more seats than came free when many runs race over many events', async () => {
    const sold = await Promise.all([1, 2, 3].map(() => soldOutEvent(t, 1)));
    for (const event of sold) {
      for (let i = 0; i < 4; i++) await joinConfirmed(t, waiter(event.id, 1));
      await t.database.db.update(events).set({ capacity: 3 }).where(eq(events.id, event.id));
    }
    const runs = await Promise.all(Array.from({ length: 6 }, () => runOffers(t)));
    const offered = runs.flatMap((run) => run.offered);
    expect(new Set(offered).size).toBe(offered.length);
    for (const event of sold) {
      const [row] = await t.database.db
        .select({ seats: sql<number>`coalesce(sum(${waitlistEntries.seats}), 0)::int` })
        .from(waitlistEntries)
        .where(
          sql`${waitlistEntries.eventId} = ${event.id} and ${waitlistEntries.status} = 'offered'`,
        );
      // Runs skip an event another run holds; the next timer tick offers what is left
      expect(Number(row.seats)).toBeLessThanOrEqual(2);
    }
    await Promise.all([runOffers(t), runOffers(t)]);
    const [all] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(waitlistEntries)
      .where(
        sql`${waitlistEntries.status} = 'offered' and ${waitlistEntries.eventId} in (${sql.join(
          sold.map((event) => sql`${event.id}`),
          sql`, `,
        )})`,
      );
    expect(Number(all.n)).toBe(6);
  });
});
