/**
 * Row locks on a real PostgreSQL (PGlite has one connection, so nothing there runs at once):
 * many buyers checking out and confirming at the same moment never oversell an event.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, mailOutbox, payments, tickets } from '../../db/schema';
import { ANONYMOUS_LIMITS } from '../../../domain/constants';
import { nextClientAddress, type TTestApp } from '../../test/test-app';
import {
  checkout,
  createEvent,
  createSeededPostgresApp,
  nonMemberCheckout,
  payMock,
  startCheckout,
} from './payments-test-kit';
import { admitSeats, SeatsDoNotFit } from './kinds/ticket-common';
import { storePayment } from './pending-payment';
import type { TTx } from '../../db/client';

let t: TTestApp;
beforeAll(async () => {
  t = await createSeededPostgresApp();
});
afterAll(async () => {
  await t.close();
});

/** A pending one-seat ticket payment of the event, as a checkout prices it. */
function ticketFieldsFor(eventId: number) {
  const now = t.clock.now();
  return {
    kind: 'nonmember-ticket' as const,
    status: 'pending' as const,
    provider: 'mock' as const,
    email: 'buyer@example.net',
    productName: 'Tickets',
    description: 'ticket',
    paymentType: 'Event' as const,
    amountCents: 1000,
    dependent: 1,
    eventId,
    expiresAt: new Date(now.getTime() + 30 * 60_000),
    createdAt: now,
    updatedAt: now,
  };
}

async function confirmedSeats(eventId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ seats: sql<number>`coalesce(sum(${payments.dependent}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.eventId, eventId), eq(payments.status, 'payment done')));
  return Number(row.seats);
}

describe('many buyers at once', () => {
  it('admits only as many concurrent checkouts as there are seats', async () => {
    const event = await createEvent(t, { capacity: 5 });
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => checkout(t, nonMemberCheckout(event.id, 1))),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(5);
    expect(codes.filter((code) => code === 409)).toHaveLength(20);
  });

  it('counts the last seat again under the event lock, seeing the checkout that held the lock', async () => {
    const event = await createEvent(t, { capacity: 1 });
    const ctx = { config: t.config, now: t.clock.now(), principal: null };
    // Written as a checkout writes it, which locks the event's row
    const pendingTicket = async (tx: TTx) => {
      const [row] = await storePayment(tx, undefined, {
        ...ticketFieldsFor(event.id),
        transactionId: `txn_lock${Math.random().toString(36).slice(2, 16).padEnd(14, 'x')}`,
      });
      return row;
    };
    let locked!: () => void;
    const firstHoldsTheLock = new Promise<void>((resolve) => (locked = resolve));
    let release!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (release = resolve));
    const first = t.database.db.transaction(async (tx) => {
      await admitSeats(tx, await pendingTicket(tx), ctx);
      locked();
      await firstMayCommit;
    });
    await firstHoldsTheLock;
    // The second checkout passed its count without the lock (the first is not committed) and
    // now waits for the lock; once it has it, it must see the first's seat
    const second = t.database.db.transaction(async (tx) =>
      admitSeats(tx, await pendingTicket(tx), ctx),
    );
    // Caught from the start: the second may be refused before the first's commit is awaited
    const secondRefusal = second.then(
      () => null,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await first;
    const refusal = await secondRefusal;
    expect(refusal).toBeInstanceOf(SeatsDoNotFit);
    expect(refusal).toMatchObject({ left: 0 });
  });

  it('lets one address hold no more than its unpaid seats when its checkouts arrive at once, across events', async () => {
    const first = await createEvent(t, { capacity: 100 });
    const second = await createEvent(t, { capacity: 100 });
    const client = nextClientAddress();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        checkout(t, nonMemberCheckout(i % 2 ? first.id : second.id, 10), {}, client),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    const admitted = ANONYMOUS_LIMITS.unpaidHolds.seatsPerClient / 10;
    expect(codes.filter((code) => code === 200)).toHaveLength(admitted);
    expect(codes.filter((code) => code === 429)).toHaveLength(10 - admitted);
    const [held] = await t.database.db
      .select({ seats: sql<number>`coalesce(sum(${payments.dependent}), 0)::int` })
      .from(payments)
      .where(and(eq(payments.clientKey, `addr:${client}`), eq(payments.status, 'pending')));
    expect(Number(held.seats)).toBe(ANONYMOUS_LIMITS.unpaidHolds.seatsPerClient);
  });

  it('never confirms more seats than the event has when more buyers than seats pay at once', async () => {
    const event = await createEvent(t, { capacity: 100 });
    const sizes = [
      1, 2, 3, 1, 2, 1, 3, 2, 1, 1, 2, 3, 1, 2, 1, 1, 2, 1, 3, 1, 2, 1, 1, 2, 1, 3, 1, 1, 2, 1,
    ];
    const started: string[] = [];
    for (const size of sizes)
      started.push(await startCheckout(t, nonMemberCheckout(event.id, size)));
    // The hall shrank after the checkouts began: 7 seats for 30 buyers paying now
    await t.database.db.update(events).set({ capacity: 7 }).where(eq(events.id, event.id));

    const answers = await Promise.all(started.map((transactionId) => payMock(t, transactionId)));
    const paid = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(paid.length + refused.length).toBe(sizes.length);
    expect(paid.length).toBeGreaterThan(0);
    const seats = await confirmedSeats(event.id);
    expect(seats).toBeLessThanOrEqual(7);
    // Whoever was refused was refused because their seats did not fit beside the confirmed ones
    const refusedSizes = sizes.filter((_, i) => answers[i].statusCode === 409);
    expect(seats + Math.min(...refusedSizes)).toBeGreaterThan(7);
    const [issued] = await t.database.db
      .select({
        seats: sql<number>`coalesce(sum(${tickets.seats}), 0)::int`,
        n: sql<number>`count(*)::int`,
      })
      .from(tickets)
      .where(eq(tickets.eventId, event.id));
    expect(Number(issued.seats)).toBe(seats);
    expect(Number(issued.n)).toBe(paid.length);
  });

  it('confirms one payment once when it is confirmed many times at once', async () => {
    const event = await createEvent(t);
    const transactionId = await startCheckout(t, nonMemberCheckout(event.id, 2));
    const answers = await Promise.all(Array.from({ length: 12 }, () => payMock(t, transactionId)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const [issued] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(eq(tickets.eventId, event.id));
    expect(Number(issued.n)).toBe(1);
    const [mail] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `receipt:${transactionId}`));
    expect(Number(mail.n)).toBe(1);
  });
});
