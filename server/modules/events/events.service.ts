/**
 * The public event reads (DESIGN §3b): scheduled events with the seats still for sale. "Today" is
 * the calendar day in the association's TIME_ZONE.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { TEvent, TEventListKind } from '../../../domain/contracts/events';
import { toCalendarDate } from '../../../domain/dates';
import { centsToDecimal } from '../../../domain/money';
import type { TDbOrTx } from '../../db/client';
import { events, payments, TICKET_KINDS, type TEventRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { holdsSeats, seatsLeftOf } from './seats';

interface TEventScope {
  now: Date;
  timeZone: string;
}

/** Seats taken per event, as a subquery joined to the event list. */
function seatsTakenByEvent(db: TDbOrTx, now: Date) {
  return db
    .select({
      eventId: payments.eventId,
      taken: sql<number>`coalesce(sum(${payments.dependent}), 0)::int`.as('taken'),
    })
    .from(payments)
    .where(and(inArray(payments.kind, [...TICKET_KINDS]), holdsSeats(now)))
    .groupBy(payments.eventId)
    .as('seats_taken');
}

function listFilter(kind: TEventListKind, today: string): SQL | undefined {
  switch (kind) {
    case 'all':
      return undefined;
    case 'current':
      return eq(events.eventDate, today);
    case 'upcoming':
      return gt(events.eventDate, today);
    case 'currentUpcoming':
      return gte(events.eventDate, today);
    case 'past':
      return lt(events.eventDate, today);
  }
}

export async function listEvents(
  db: TDbOrTx,
  kind: TEventListKind,
  scope: TEventScope,
): Promise<TEvent[]> {
  const today = toCalendarDate(scope.now, scope.timeZone);
  const taken = seatsTakenByEvent(db, scope.now);
  const newestFirst = kind === 'past';
  const rows = await db
    .select({ event: events, taken: taken.taken })
    .from(events)
    .leftJoin(taken, eq(taken.eventId, events.id))
    .where(and(eq(events.status, 'scheduled'), listFilter(kind, today)))
    .orderBy(
      newestFirst ? desc(events.eventDate) : asc(events.eventDate),
      newestFirst ? desc(events.eventTime) : asc(events.eventTime),
      asc(events.id),
    );
  return rows.map((row) => presentEvent(row.event, row.taken ?? 0));
}

export async function getEvent(db: TDbOrTx, id: number, scope: TEventScope): Promise<TEvent> {
  const taken = seatsTakenByEvent(db, scope.now);
  const [row] = await db
    .select({ event: events, taken: taken.taken })
    .from(events)
    .leftJoin(taken, eq(taken.eventId, events.id))
    .where(eq(events.id, id));
  if (!row) throw notFound('event');
  return presentEvent(row.event, row.taken ?? 0);
}

export function presentEvent(row: TEventRow, taken: number): TEvent {
  return {
    id: row.id,
    eventName: row.name,
    eventDescription: row.description,
    eventDate: row.eventDate,
    eventTime: row.eventTime,
    venue: row.venue,
    memberPrice: centsToDecimal(row.memberPriceCents),
    nonMemberPrice: centsToDecimal(row.nonMemberPriceCents),
    tablePrice: centsToDecimal(row.tablePriceCents),
    capacity: row.capacity,
    seatsLeft: seatsLeftOf(row.capacity, Number(taken)),
    eventImage: row.image,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
