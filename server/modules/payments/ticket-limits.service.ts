/**
 * What the ticket screens ask before a checkout: how many member tickets a family may still buy
 * (DESIGN §3d maxticket) and whether an e-mail already holds a table at an event.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import type { TMaxTicket, TTableCheckEmail } from '../../../domain/contracts/payments';
import type { TDbOrTx } from '../../db/client';
import { events, payments } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import { seatsLeftOf, seatsTaken } from '../events/seats';
import { familyHeadcount, findMember, memberTicketsHeld } from './kinds/member-allowance';

export async function maxTickets(
  db: TDbOrTx,
  query: { eventId: number; memberId: number; date?: string },
  now: Date,
): Promise<TMaxTicket> {
  const [event] = await db.select().from(events).where(eq(events.id, query.eventId));
  if (!event) throw notFound('event');
  if (query.date !== undefined && query.date !== event.eventDate) {
    throw invalid('This date is not the date of the event.', {
      date: `The event is on ${event.eventDate}.`,
    });
  }
  await findMember(db, query.memberId);
  const headcount = await familyHeadcount(db, query.memberId);
  const held = await memberTicketsHeld(db, query.memberId, event.id, now);
  const seatsLeft = seatsLeftOf(event.capacity, await seatsTaken(db, event.id, now));
  return {
    eventid: event.id,
    memberid: query.memberId,
    headcount,
    held,
    seatsLeft,
    maxticket: Math.max(0, Math.min(headcount - held, seatsLeft)),
  };
}

export async function tablesOfEmail(
  db: TDbOrTx,
  email: string,
  eventId: number,
): Promise<TTableCheckEmail> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'table-for-10'),
        eq(payments.eventId, eventId),
        eq(payments.status, PAYMENT_STATUS_DONE),
        sql`lower(${payments.email}) = ${email.toLowerCase()}`,
      ),
    );
  const tables = Number(row?.n ?? 0);
  return { email, eventid: eventId, tables, exists: tables > 0 };
}
