/** The machinery the three ticket kinds share: a sellable event, its seats, the door ticket. */
import { eq } from 'drizzle-orm';
import { formatCalendarDate, toCalendarDate } from '../../../../domain/dates';
import type { TDbOrTx, TTx } from '../../../db/client';
import {
  events,
  TICKET_KINDS,
  tickets,
  type TEventRow,
  type TPaymentRow,
} from '../../../db/schema';
import { conflict, notFound } from '../../../lib/errors';
import { lockEvent, seatsLeftMessage, seatsLeftOf, seatsTaken } from '../../events/seats';
import { newDoorCode } from '../ids';
import type { TKindContext } from './types';

/**
 * Locks the event row for the rest of the checkout and checks tickets are on sale: it exists,
 * is not cancelled and is not over (an event of today still sells at the door).
 */
export async function lockSellableEvent(
  tx: TTx,
  eventId: number,
  ctx: TKindContext,
): Promise<TEventRow> {
  const event = await lockEvent(tx, eventId);
  if (!event) throw notFound('event');
  const reason = notOnSaleReason(event, ctx);
  if (reason) throw conflict(reason);
  return event;
}

export function notOnSaleReason(
  event: TEventRow,
  ctx: Pick<TKindContext, 'now' | 'config'>,
): string | null {
  if (event.status === 'cancelled') return 'This event is cancelled.';
  if (event.eventDate < toCalendarDate(ctx.now, ctx.config.timeZone)) {
    return 'This event is over; its tickets are no longer sold.';
  }
  return null;
}

/**
 * 409 "Only N seats are left." unless `seats` fit beside confirmed seats and open checkouts (and
 * open waiting-list offers, but for the one `offerEntryId` names: its buyer is checking out).
 */
export async function assertSeatsFree(
  tx: TTx,
  event: TEventRow,
  seats: number,
  now: Date,
  offerEntryId?: number,
): Promise<void> {
  const taken = await seatsTaken(tx, event.id, now, { excludeOfferEntryId: offerEntryId });
  const left = seatsLeftOf(event.capacity, taken);
  if (seats > left) throw conflict(seatsLeftMessage(left), { ticket: seatsLeftMessage(left) });
}

/**
 * The confirming transaction's re-check: with the event row locked, the payment's seats must fit
 * beside the seats already confirmed. Open checkouts of others do not count here: the seat goes
 * to whoever pays first.
 */
export async function recheckSeats(
  tx: TTx,
  payment: TPaymentRow,
  ctx: TKindContext,
): Promise<string | null> {
  if (payment.eventId === null) return 'This purchase names no event.';
  const event = await lockEvent(tx, payment.eventId);
  if (!event) return 'This event no longer exists.';
  if (event.status === 'cancelled') return 'This event is cancelled.';
  const taken = await seatsTaken(tx, event.id, ctx.now, {
    confirmedOnly: true,
    excludePaymentId: payment.id,
  });
  const left = seatsLeftOf(event.capacity, taken);
  return payment.dependent > left ? seatsLeftMessage(left) : null;
}

export interface TSeatSplit {
  adults: number;
  kidsUnder5: number;
  kids6to13: number;
}

/** The door ticket of a confirmed payment; `seats` is the payment's ticket count. */
export async function issueTicket(
  tx: TTx,
  payment: TPaymentRow,
  split?: TSeatSplit,
): Promise<void> {
  const kind = TICKET_KINDS.find((ticketKind) => ticketKind === payment.kind);
  if (!kind || payment.eventId === null) {
    throw new Error(`Payment ${payment.transactionId} is not a ticket purchase with an event.`);
  }
  await tx.insert(tickets).values({
    paymentId: payment.id,
    eventId: payment.eventId,
    // 30^8 codes: a clash is so unlikely that the unique index failing the transaction is enough
    code: newDoorCode(),
    memberId: payment.memberId,
    nonMemberId: payment.nonMemberId,
    kind,
    seats: payment.dependent,
    adults: split?.adults ?? 0,
    kidsUnder5: split?.kidsUnder5 ?? 0,
    kids6to13: split?.kids6to13 ?? 0,
    createdAt: payment.confirmedAt ?? undefined,
  });
}

/** "3 x Gala Event Non Member Tickets: Diwali Gala 2026, Nov 1, 2026", the date in the buyer's language. */
export async function describeTickets(
  db: TDbOrTx,
  payment: TPaymentRow,
  count: number,
): Promise<string> {
  const [event] = payment.eventId
    ? await db.select({ name: events.name }).from(events).where(eq(events.id, payment.eventId))
    : [];
  const what = `${count} x ${payment.productName}`;
  if (!event) return what;
  return `${what}: ${event.name}, ${formatCalendarDate(payment.eventDate, payment.language)}`;
}

export function eventCancelPath(payment: TPaymentRow): string {
  return `/viewevent/${payment.eventId ?? ''}`;
}

/** A success screen route with its query parameters, in the order given. */
export function withQuery(
  path: string,
  params: Record<string, string | number | null | undefined>,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    query.set(key, value === null || value === undefined ? '' : String(value));
  return `${path}?${query.toString()}`;
}
