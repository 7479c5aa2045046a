/**
 * Seats of an event (DESIGN §4): a seat is taken by a confirmed payment, and held by a pending
 * checkout until it expires (an open waiting-list offer holds seats the same way). Checkout
 * admits a purchase against both; the confirming transaction re-checks against confirmed seats only, under a row lock on the event, so two buyers can never
 * both take the last seats.
 */
import { and, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import type { TDbOrTx, TTx } from '../../db/client';
import { events, payments, TICKET_KINDS, type TEventRow } from '../../db/schema';
import { offeredSeats } from '../waitlist/waitlist-holds';

/** A payment that counts against capacity at `now`. */
export function holdsSeats(now: Date): SQL {
  return or(
    eq(payments.status, PAYMENT_STATUS_DONE),
    and(eq(payments.status, 'pending'), gt(payments.expiresAt, now)),
  ) as SQL;
}

export interface TSeatQuery {
  /** Count only confirmed payments (the confirming transaction's re-check). */
  confirmedOnly?: boolean;
  /** Leave out this payment (the one being confirmed). */
  excludePaymentId?: number;
  /** Leave out the seats this waiting-list entry's offer holds (its buyer checking out). */
  excludeOfferEntryId?: number;
}

/** Seats of one event taken by ticket payments (`dependent` is the seat count; a table is 10). */
export async function seatsTaken(
  db: TDbOrTx,
  eventId: number,
  now: Date,
  query: TSeatQuery = {},
): Promise<number> {
  const conditions = [
    eq(payments.eventId, eventId),
    inArray(payments.kind, TICKET_KINDS),
    query.confirmedOnly ? eq(payments.status, PAYMENT_STATUS_DONE) : holdsSeats(now),
  ];
  if (query.excludePaymentId !== undefined)
    conditions.push(ne(payments.id, query.excludePaymentId));
  const [row] = await db
    .select({ seats: sql<number>`coalesce(sum(${payments.dependent}), 0)::int` })
    .from(payments)
    .where(and(...conditions));
  const paid = Number(row?.seats ?? 0);
  // Open waiting-list offers hold seats like open checkouts do
  if (query.confirmedOnly) return paid;
  return paid + (await offeredSeats(db, eventId, now, query.excludeOfferEntryId));
}

/**
 * Reads the event and locks its row until the transaction ends: every checkout and confirmation
 * of one event queue here, which is what makes the seat count safe to act on.
 */
export async function lockEvent(tx: TTx, eventId: number): Promise<TEventRow | undefined> {
  const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
  return row;
}

/** Seats left to sell, never below zero (capacity may have been lowered after sales). */
export function seatsLeftOf(capacity: number, taken: number): number {
  return Math.max(0, capacity - taken);
}

/** "Only N seats are left." as the buyer reads it. */
export function seatsLeftMessage(left: number): string {
  if (left <= 0) return 'This event is sold out.';
  return left === 1 ? 'Only 1 seat is left.' : `Only ${left} seats are left.`;
}
