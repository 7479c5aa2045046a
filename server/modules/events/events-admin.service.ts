/**
 * The events administration (DESIGN §3b, §3c, §3d): create, edit, delete before any sale, cancel
 * after sales. Every change runs in one transaction with its audit entry; edits and cancellations
 * lock the event row like checkout does (seats.ts), so a capacity check and a sale never race.
 */
import { and, asc, desc, eq, gte, ilike, isNull, or, sql } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import {
  capacityBelowTakenMessage,
  EVENT_ALREADY_CANCELLED_MESSAGE,
  EVENT_CANCELLED_NO_EDIT_MESSAGE,
  EVENT_HAS_PAYMENTS_MESSAGE,
  EVENT_INPUT_MESSAGES,
  type TEvent,
  type TEventBuyers,
  type TEventValues,
  type TManagedEvent,
  type TManagedEventPage,
  type ZManagedEventQuery,
} from '../../../domain/contracts/events';
import type { z } from 'zod';
import { toCalendarDate } from '../../../domain/dates';
import { ticketKindLabel } from '../../../domain/display';
import { centsToDecimal } from '../../../domain/money';
import type { TDb, TDbOrTx, TTx } from '../../db/client';
import { events, payments, TICKET_KINDS, type TEventRow } from '../../db/schema';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import { conflict, invalid, notFound } from '../../lib/errors';
import { arrivalsByEvent, seatsArrived } from '../checkin/arrivals';
import { listFilter, presentEvent } from './events.service';
import { offeredSeatsOfEvent } from '../waitlist/waitlist-holds';
import { holdsSeats, lockEvent, seatsTaken } from './seats';
import { changingEventLists, eventListsChanged } from './event-list-cache';

export interface TAdminScope {
  now: Date;
  timeZone: string;
}

/** What happens to the stored image on save: a new upload, removal, or nothing. */
export type TImageChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'set'; id: string };

function imageChangeOf(values: TEventValues, uploadedId: string | null): TImageChange {
  if (uploadedId) return { kind: 'set', id: uploadedId };
  return values.eventImage === null || values.eventImage === ''
    ? { kind: 'remove' }
    : { kind: 'keep' };
}

function columnsOf(values: TEventValues) {
  return {
    name: values.eventName,
    description: values.eventDescription,
    eventDate: values.eventDate,
    eventTime: values.eventTime,
    venue: values.venue,
    memberPriceCents: values.memberPrice,
    nonMemberPriceCents: values.nonMemberPrice,
    tablePriceCents: values.tablePrice,
    capacity: values.capacity,
  };
}

const eventLabel = (row: Pick<TEventRow, 'id' | 'name' | 'eventDate'>) =>
  `event ${row.id} "${row.name}" (${row.eventDate})`;

export async function createEvent(
  db: TDb,
  audit: TAuditContext,
  values: TEventValues,
  uploadedImageId: string | null,
  scope: TAdminScope,
): Promise<TEvent> {
  if (values.eventDate < toCalendarDate(scope.now, scope.timeZone)) {
    throw invalid(EVENT_INPUT_MESSAGES.datePast, { eventDate: EVENT_INPUT_MESSAGES.datePast });
  }
  return changingEventLists(
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(events)
        .values({
          ...columnsOf(values),
          image: uploadedImageId,
          createdAt: scope.now,
          updatedAt: scope.now,
        })
        .returning();
      await writeAudit(tx, audit, { message: `Created ${eventLabel(row)}` });
      return presentEvent(row, 0, 0);
    }),
  );
}

/** The event as an admin may change it: it exists and is not deleted. */
async function lockLiveEvent(tx: TTx, id: number): Promise<TEventRow> {
  const row = await lockEvent(tx, id);
  if (!row || row.deletedAt) throw notFound('event');
  return row;
}

/**
 * Replaces the event's fields. Capacity may not drop below the seats already sold or held; the
 * image id replaced or removed is answered so the caller can drop it from the image store.
 */
export async function updateEvent(
  db: TDb,
  audit: TAuditContext,
  id: number,
  values: TEventValues,
  uploadedImageId: string | null,
  scope: TAdminScope,
): Promise<{ event: TEvent; droppedImageId: string | null }> {
  const image = imageChangeOf(values, uploadedImageId);
  return changingEventLists(
    db.transaction(async (tx) => {
      const current = await lockLiveEvent(tx, id);
      if (current.status === 'cancelled') throw conflict(EVENT_CANCELLED_NO_EDIT_MESSAGE);
      const taken = await seatsTaken(tx, id, scope.now);
      if (values.capacity < taken) {
        const message = capacityBelowTakenMessage(taken);
        throw conflict(message, { capacity: message });
      }
      const nextImage =
        image.kind === 'keep' ? current.image : image.kind === 'set' ? image.id : null;
      const [row] = await tx
        .update(events)
        .set({ ...columnsOf(values), image: nextImage, updatedAt: scope.now })
        .where(eq(events.id, id))
        .returning();
      await writeAudit(tx, audit, { message: `Updated ${eventLabel(row)}` });
      return {
        event: presentEvent(
          row,
          taken,
          taken - (await seatsTaken(tx, id, scope.now, { confirmedOnly: true })),
        ),
        droppedImageId: current.image && current.image !== nextImage ? current.image : null,
      };
    }),
  );
}

/** True when some payment for the event was ever confirmed (paid now, or paid and refunded). */
async function everConfirmed(tx: TDbOrTx, eventId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.eventId, eventId),
        or(
          eq(payments.status, PAYMENT_STATUS_DONE),
          eq(payments.status, 'refunded'),
          sql`${payments.confirmedAt} is not null`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Deletes an event nobody has paid for (DESIGN §3d). Its row stays, marked deleted and off sale,
 * so lapsed or failed checkouts keep naming it; an open checkout can no longer be confirmed.
 * Answers the image id to drop from the image store.
 */
export async function deleteEvent(
  db: TDb,
  audit: TAuditContext,
  id: number,
  scope: TAdminScope,
): Promise<{ droppedImageId: string | null }> {
  return changingEventLists(
    db.transaction(async (tx) => {
      const current = await lockLiveEvent(tx, id);
      if (await everConfirmed(tx, id)) throw conflict(EVENT_HAS_PAYMENTS_MESSAGE);
      await tx
        .update(events)
        .set({ status: 'cancelled', deletedAt: scope.now, image: null, updatedAt: scope.now })
        .where(eq(events.id, id));
      await writeAudit(tx, audit, { message: `Deleted ${eventLabel(current)}` });
      return { droppedImageId: current.image };
    }),
  );
}

/** Marks the event cancelled (row locked, so no checkout confirms meanwhile); answers its row. */
export async function markCancelled(
  tx: TTx,
  audit: TAuditContext,
  id: number,
  now: Date,
): Promise<TEventRow> {
  const current = await lockLiveEvent(tx, id);
  if (current.status === 'cancelled') throw conflict(EVENT_ALREADY_CANCELLED_MESSAGE);
  const [row] = await tx
    .update(events)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(eq(events.id, id))
    .returning();
  await writeAudit(tx, audit, { message: `Cancelled ${eventLabel(row)}` });
  eventListsChanged();
  return row;
}

// ---- the manage screen's list ------------------------------------------------------------------

/** Seats of each event by state: sold (confirmed) and held (open checkouts). */
function seatsByEvent(db: TDbOrTx, now: Date) {
  const ticket = sql`${payments.kind} in ${TICKET_KINDS}`;
  return db
    .select({
      eventId: payments.eventId,
      sold: sql<number>`coalesce(sum(${payments.dependent}) filter (where ${payments.status} = ${PAYMENT_STATUS_DONE}), 0)::int`.as(
        'sold',
      ),
      held: sql<number>`coalesce(sum(${payments.dependent}) filter (where ${payments.status} = 'pending'), 0)::int`.as(
        'held',
      ),
    })
    .from(payments)
    .where(and(ticket, holdsSeats(now)))
    .groupBy(payments.eventId)
    .as('seats_by_event');
}

/** `%`, `_` and `\` typed in the search are plain characters, not patterns. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function presentManagedEvent(
  row: TEventRow,
  sold: number,
  held: number,
  arrived: number,
): TManagedEvent {
  return {
    ...presentEvent(row, sold + held, held),
    sold,
    held,
    arrived,
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
  };
}

/**
 * Every event that is not deleted, cancelled ones included: today's and coming ones first
 * (soonest first), then past ones (latest first); searched by name.
 */
export async function listManagedEvents(
  db: TDbOrTx,
  query: z.output<typeof ZManagedEventQuery>,
  scope: TAdminScope,
): Promise<TManagedEventPage> {
  const today = toCalendarDate(scope.now, scope.timeZone);
  const where = and(
    isNull(events.deletedAt),
    listFilter(query.when, today),
    query.search ? ilike(events.name, containsPattern(query.search)) : undefined,
  );
  const seats = seatsByEvent(db, scope.now);
  const arrivals = arrivalsByEvent(db);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        event: events,
        sold: seats.sold,
        held: seats.held,
        arrived: arrivals.arrived,
        offered: offeredSeatsOfEvent(events.id, scope.now),
      })
      .from(events)
      .leftJoin(seats, eq(seats.eventId, events.id))
      .leftJoin(arrivals, eq(arrivals.eventId, events.id))
      .where(where)
      .orderBy(
        // Coming events before past ones; the soonest coming first, the latest past first
        sql`case when ${gte(events.eventDate, today)} then 0 else 1 end`,
        sql`case when ${gte(events.eventDate, today)} then ${events.eventDate} end asc`,
        desc(events.eventDate),
        asc(events.eventTime),
        asc(events.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(where),
  ]);
  return {
    items: rows.map((row) =>
      presentManagedEvent(
        row.event,
        Number(row.sold ?? 0),
        // Seats held by open waiting-list offers are held like open checkouts
        Number(row.held ?? 0) + Number(row.offered ?? 0),
        Number(row.arrived ?? 0),
      ),
    ),
    total: Number(counted?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

// ---- who paid what ----------------------------------------------------------------------------

/** The event's confirmed purchases (and refunded ones), for refunds after a cancellation. */
export async function eventBuyers(db: TDbOrTx, id: number, now: Date): Promise<TEventBuyers> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), isNull(events.deletedAt)));
  if (!row) throw notFound('event');
  const paid = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.eventId, id),
        sql`${payments.kind} in ${TICKET_KINDS}`,
        or(eq(payments.status, PAYMENT_STATUS_DONE), eq(payments.status, 'refunded')),
      ),
    )
    .orderBy(asc(payments.confirmedAt), asc(payments.id));
  const sold = await seatsTaken(db, id, now, { confirmedOnly: true });
  const held = (await seatsTaken(db, id, now)) - sold;
  const buyers = paid.map((payment) => ({
    transactionID: payment.transactionId,
    name: payment.memberName ?? '',
    email: payment.email,
    contact: payment.contact ?? '',
    ticketKind: ticketKindLabel(payment.productName),
    seats: payment.dependent,
    amount: centsToDecimal(payment.amountCents),
    status: payment.status,
    paidAt: payment.confirmedAt ? payment.confirmedAt.toISOString() : null,
  }));
  const totalCents = paid
    .filter((payment) => payment.status === PAYMENT_STATUS_DONE)
    .reduce((sum, payment) => sum + payment.amountCents, 0);
  return {
    event: presentManagedEvent(row, sold, held, await seatsArrived(db, id)),
    buyers,
    total: centsToDecimal(totalCents),
  };
}
