/**
 * The public event reads (DESIGN §3b): scheduled events with the seats still for sale. "Today" is
 * the calendar day in the association's TIME_ZONE.
 */
import { and, asc, desc, eq, gt, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TEvent, TEventListKind } from '../../../domain/contracts/events';
import { toCalendarDate } from '../../../domain/dates';
import { imageUrlOrNull } from '../../../domain/images';
import { centsToDecimal } from '../../../domain/money';
import type { TDbOrTx } from '../../db/client';
import { events, type TEventRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { offeredSeatsOfEvent } from '../waitlist/waitlist-holds';
import { EVENT_ID_OF_ROW, seatsHeldSum, seatsLeftOf } from './seats';

interface TEventScope {
  now: Date;
  timeZone: string;
}

/**
 * Seats taken (confirmed, as the event row counts them, or held) and of those the ones held by
 * checkouts not yet paid, of the event in the row.
 */
function seatColumns(now: Date) {
  const held = seatsHeldSum(EVENT_ID_OF_ROW, now);
  return {
    taken: sql<number>`("events"."seats_sold" + ${held})::int`,
    held: sql<number>`${held}::int`,
    offered: offeredSeatsOfEvent(EVENT_ID_OF_ROW, now),
  };
}

/** Seats taken and held with the seats open waiting-list offers hold (held, not sold). */
function withOffers(row: {
  taken: number | null;
  held: number | null;
  offered: number | null;
}): [number, number] {
  const offered = Number(row.offered ?? 0);
  return [Number(row.taken ?? 0) + offered, Number(row.held ?? 0) + offered];
}

/** The calendar-day condition of a list kind; shared by the public lists and the manage screen. */
export function listFilter(kind: TEventListKind, today: string): SQL | undefined {
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
  const newestFirst = kind === 'past';
  const rows = await db
    .select({
      event: events,
      ...seatColumns(scope.now),
    })
    .from(events)
    .where(and(eq(events.status, 'scheduled'), listFilter(kind, today)))
    .orderBy(
      newestFirst ? desc(events.eventDate) : asc(events.eventDate),
      newestFirst ? desc(events.eventTime) : asc(events.eventTime),
      asc(events.id),
    );
  return rows.map((row) => presentEvent(row.event, ...withOffers(row)));
}

export async function getEvent(db: TDbOrTx, id: number, scope: TEventScope): Promise<TEvent> {
  const [row] = await db
    .select({
      event: events,
      ...seatColumns(scope.now),
    })
    .from(events)
    .where(and(eq(events.id, id), isNull(events.deletedAt)));
  if (!row) throw notFound('event');
  return presentEvent(row.event, ...withOffers(row));
}

/**
 * The current event (DESIGN §3d): the first scheduled event dated today in TIME_ZONE, earliest
 * time first; null when none is on today.
 */
export async function currentEventId(db: TDbOrTx, scope: TEventScope): Promise<number | null> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.status, 'scheduled'),
        eq(events.eventDate, toCalendarDate(scope.now, scope.timeZone)),
      ),
    )
    .orderBy(asc(events.eventTime), asc(events.id))
    .limit(1);
  return row?.id ?? null;
}

/** `taken`: seats confirmed or held; `held`: of those, held by checkouts not yet paid. */
export function presentEvent(row: TEventRow, taken: number, held: number): TEvent {
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
    seatsHeld: Number(held),
    eventImage: imageUrlOrNull(row.image, 'card'),
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
