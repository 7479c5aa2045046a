/** The machinery the three ticket kinds share: a sellable event, its seats, the door ticket. */
import { eq } from 'drizzle-orm';
import type { TBuyer } from '../../../../domain/contracts/payments';
import { formatCalendarDate, toCalendarDate } from '../../../../domain/dates';
import { carriedWrite } from '../../../db/built-query';
import type { TDbOrTx, TTx } from '../../../db/client';
import {
  events,
  isTicketKind,
  tickets,
  type TEventRow,
  type TNewNonMemberBuyerRow,
  type TPaymentRow,
} from '../../../db/schema';
import { AppError, conflict, notFound } from '../../../lib/errors';
import type { TTransactionEnding } from '../../../db/commit-behind';
import {
  admitUnderLock,
  readEventWithSeatsTaken,
  SEAT_REFUSAL_MESSAGES,
  seatRefusalMessage,
  seatRefusalOf,
  seatsLeftMessage,
  seatsLeftOf,
  type TEventWithSeatsTaken,
  type TSeatsOfCheckout,
} from '../../events/seats';
import { newDoorCode } from '../ids';
import { OFFER_DETAILS_KEY } from '../../waitlist/waitlist-holds';
import type { TAdmission, TFulfilment, TKindContext } from './types';

/**
 * The event a ticket checkout prices from, read without its lock with the seats taken, and whether
 * its tickets are on sale (`onSale`). `admitSeats` checks again under the lock, last in the
 * transaction.
 */
export async function findSellableEvent(
  tx: TTx,
  eventId: number,
  ctx: TKindContext,
): Promise<TEventWithSeatsTaken> {
  return onSale(await readEventWithSeatsTaken(tx, eventId, ctx.now), ctx);
}

/**
 * The event, if its tickets are on sale: it exists, is not cancelled and is not over (an event of
 * today still sells at the door); 404 or 409 otherwise.
 */
function onSale<TEvent extends TEventRow>(event: TEvent | undefined, ctx: TKindContext): TEvent {
  if (!event) throw notFound('event');
  const reason = notOnSaleReason(event, ctx);
  if (reason) throw conflict(reason);
  return event;
}

export function notOnSaleReason(
  event: TEventRow,
  ctx: Pick<TKindContext, 'now' | 'config'>,
): string | null {
  if (event.status === 'cancelled') return SEAT_REFUSAL_MESSAGES.cancelled;
  if (event.eventDate < toCalendarDate(ctx.now, ctx.config.timeZone)) {
    return SEAT_REFUSAL_MESSAGES.over;
  }
  return null;
}

/**
 * 409 "Only N seats are left." unless `seats` fit beside the seats taken when the event was read:
 * a checkout's first check, before the lock, and its admission's, under it.
 */
export function assertSeatsFit(event: TEventWithSeatsTaken, seats: number): void {
  const left = seatsLeftOf(event.capacity, event.seatsTaken);
  if (seats > left) throw new SeatsDoNotFit(left);
}

/**
 * 409 "Only N seats are left." unless `seats` fit beside confirmed seats, open checkouts and open
 * waiting-list offers, but for the checkout's own (`except`): its payment once written, the offer
 * it uses.
 */
export async function assertSeatsFree(
  tx: TTx,
  eventId: number,
  seats: number,
  ctx: TKindContext,
  except: TSeatsOfCheckout,
): Promise<void> {
  assertSeatsFit(onSale(await readEventWithSeatsTaken(tx, eventId, ctx.now, except), ctx), seats);
}

/**
 * A ticket checkout's admission (its kind's `admit`), with its pending payment written: the event's
 * row is locked until the commit (`admitUnderLock`), every checkout and confirmation of the event
 * queueing there, and the seats are counted again as `price` counted them without the lock, now
 * current, but for the checkout's own. The count refuses in SQL: with `endsTransaction` the
 * transaction's COMMIT rides behind it (../../../db/commit-behind.ts), and the lock is held for no
 * round trip at all.
 */
export async function admitSeats(
  tx: TTx,
  payment: TAdmission,
  ctx: TKindContext,
  ending: TTransactionEnding = {},
): Promise<void> {
  const { eventId } = payment;
  if (eventId === null) throw new Error(`Payment ${payment.transactionId} names no event.`);
  const offerEntryId = payment.details[OFFER_DETAILS_KEY];
  try {
    await admitUnderLock(
      tx,
      {
        eventId,
        seats: payment.dependent,
        now: ctx.now,
        today: toCalendarDate(ctx.now, ctx.config.timeZone),
      },
      {
        transactionId: payment.transactionId,
        ...(typeof offerEntryId === 'number' ? { offerEntryId } : {}),
      },
      ending,
    );
  } catch (error) {
    const refusal = seatRefusalOf(error);
    if (!refusal) throw error;
    if ('left' in refusal) throw new SeatsDoNotFit(refusal.left);
    if (refusal.reason === 'missing') throw notFound('event');
    throw conflict(seatRefusalMessage(refusal));
  }
}

/** 409 "Only N seats are left." (or "This event is sold out."), on the form's ticket field too. */
export class SeatsDoNotFit extends AppError {
  constructor(readonly left: number) {
    super('CONFLICT', seatsLeftMessage(left), { fields: { ticket: seatsLeftMessage(left) } });
  }
}

/**
 * The non-member buyer of a checkout, as the payment stores them (`newBuyer`): one row per
 * checkout, so clearing it later names no one else.
 */
export function newBuyerRow(buyer: TBuyer, now: Date): TNewNonMemberBuyerRow {
  return {
    firstName: buyer.fname,
    lastName: buyer.lname,
    email: buyer.email,
    contactPhone: buyer.contact,
    createdAt: now,
  };
}

export interface TSeatSplit {
  adults: number;
  kidsUnder5: number;
  kids6to13: number;
}

/** The door ticket of a confirmed payment (`seats` is the payment's ticket count), with its code. */
export async function issueTicket(
  tx: TTx,
  payment: TPaymentRow,
  split?: TSeatSplit,
): Promise<TFulfilment> {
  const { kind } = payment;
  if (!isTicketKind(kind) || payment.eventId === null || payment.confirmedAt === null) {
    throw new Error(
      `Payment ${payment.transactionId} is not a confirmed ticket purchase with an event.`,
    );
  }
  // 30^8 codes: a clash is so unlikely that the unique index failing the transaction is enough
  const doorCode = newDoorCode();
  await insertTicket(tx, {
    paymentId: payment.id,
    eventId: payment.eventId,
    code: doorCode,
    memberId: payment.memberId,
    nonMemberId: payment.nonMemberId,
    kind,
    seats: payment.dependent,
    adults: split?.adults ?? 0,
    kidsUnder5: split?.kidsUnder5 ?? 0,
    kids6to13: split?.kids6to13 ?? 0,
    createdAt: payment.confirmedAt,
  });
  return { doorCode };
}

const insertTicket = carriedWrite((db, row: typeof tickets.$inferInsert) =>
  db.insert(tickets).values(row),
);

/**
 * What a ticket payment's details keep of its event besides its id: the name it was bought
 * under, which its descriptions show (the checkout page, the provider, the receipt) without
 * reading the event again.
 */
export function eventDetails(event: Pick<TEventRow, 'id' | 'name'>) {
  return { eventId: event.id, eventName: event.name };
}

/** "3 x Gala Event Non Member Tickets: Diwali Gala 2026, Nov 1, 2026", the date in the buyer's language. */
export async function describeTickets(
  db: TDbOrTx,
  payment: TPaymentRow,
  count: number,
): Promise<string> {
  const what = `${count} x ${payment.productName}`;
  const name = await eventNameOf(db, payment);
  if (name === null) return what;
  return `${what}: ${name}, ${formatCalendarDate(payment.eventDate, payment.language)}`;
}

async function eventNameOf(db: TDbOrTx, payment: TPaymentRow): Promise<string | null> {
  const kept = payment.details.eventName;
  if (typeof kept === 'string') return kept;
  // Bought before the details kept the name
  if (payment.eventId === null) return null;
  const [event] = await db
    .select({ name: events.name })
    .from(events)
    .where(eq(events.id, payment.eventId));
  return event?.name ?? null;
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
