/**
 * Seats arrived at the door: the seats of tickets checked in whose payment is still paid (a
 * refunded ticket no longer counts, as it no longer counts as sold).
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import type { TDbOrTx } from '../../db/client';
import { payments, tickets } from '../../db/schema';

const arrivedSeats = sql<number>`coalesce(sum(${tickets.seats}), 0)::int`;
const arrivedAndPaid = and(
  isNotNull(tickets.checkedInAt),
  eq(payments.status, PAYMENT_STATUS_DONE),
);

/** Arrived seats of every event with any, as a subquery to join on `eventId`. */
export function arrivalsByEvent(db: TDbOrTx) {
  return db
    .select({ eventId: tickets.eventId, arrived: arrivedSeats.as('arrived') })
    .from(tickets)
    .innerJoin(payments, eq(payments.id, tickets.paymentId))
    .where(arrivedAndPaid)
    .groupBy(tickets.eventId)
    .as('arrivals_by_event');
}

export async function seatsArrived(db: TDbOrTx, eventId: number): Promise<number> {
  const [row] = await db
    .select({ arrived: arrivedSeats })
    .from(tickets)
    .innerJoin(payments, eq(payments.id, tickets.paymentId))
    .where(and(eq(tickets.eventId, eventId), arrivedAndPaid));
  return Number(row?.arrived ?? 0);
}
