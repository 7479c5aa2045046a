/**
 * Door check-in (issue 9; DESIGN §3c: temporary admins and admins). A ticket is checked in once:
 * the first scan stamps it in a single conditional UPDATE, so two phones scanning the same code
 * at once cannot both let it in; the loser is answered with the winner's time.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import {
  CHECKIN_MESSAGES,
  type TCheckinResult,
  type TCheckinSummary,
} from '../../../domain/contracts/checkin';
import type { TDb, TDbOrTx } from '../../db/client';
import { events, payments, tickets, type TEventRow, type TTicketRow } from '../../db/schema';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import { AppError, conflict, notFound } from '../../lib/errors';
import { seatsTaken } from '../events/seats';
import { seatsArrived } from './arrivals';

async function liveEvent(db: TDbOrTx, eventId: number): Promise<TEventRow> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), isNull(events.deletedAt)));
  if (!event) throw notFound('event');
  return event;
}

/** The check-in screen's header: the event and its seats arrived of those sold. */
export async function checkinSummary(
  db: TDbOrTx,
  eventId: number,
  now: Date,
): Promise<TCheckinSummary> {
  const event = await liveEvent(db, eventId);
  return {
    eventId: event.id,
    eventName: event.name,
    eventDate: event.eventDate,
    eventTime: event.eventTime,
    status: event.status,
    arrived: await seatsArrived(db, event.id),
    sold: await seatsTaken(db, event.id, now, { confirmedOnly: true }),
  };
}

function presentResult(
  outcome: TCheckinResult['outcome'],
  ticket: TTicketRow,
  buyer: string,
): TCheckinResult {
  return {
    outcome,
    ticket: {
      code: ticket.code,
      buyer,
      kind: ticket.kind,
      seats: ticket.seats,
      checkedInAt: (ticket.checkedInAt ?? new Date(0)).toISOString(),
    },
  };
}

/**
 * Checks the ticket with `code` in at event `eventId`. Refused (nothing changes) when the code is
 * unknown, is another event's, or its payment is no longer paid, or the event was cancelled.
 */
export async function checkIn(
  db: TDb,
  audit: TAuditContext,
  eventId: number,
  request: { code: string; requestId: string },
): Promise<TCheckinResult> {
  return db.transaction(async (tx) => {
    const event = await liveEvent(tx, eventId);
    const [found] = await tx
      .select({
        ticket: tickets,
        status: payments.status,
        name: payments.memberName,
        email: payments.email,
      })
      .from(tickets)
      .innerJoin(payments, eq(payments.id, tickets.paymentId))
      .where(eq(tickets.code, request.code));
    if (!found) throw new AppError('NOT_FOUND', CHECKIN_MESSAGES.unknown);
    if (found.ticket.eventId !== event.id) throw conflict(CHECKIN_MESSAGES.otherEvent);
    if (event.status === 'cancelled') throw conflict(CHECKIN_MESSAGES.eventCancelled);
    if (found.status !== PAYMENT_STATUS_DONE) throw conflict(CHECKIN_MESSAGES.notPaid);
    const buyer = found.name?.trim() || found.email;

    const [stamped] = await tx
      .update(tickets)
      .set({
        checkedInAt: audit.at,
        checkedInBy: audit.actor.email || audit.actor.user,
        checkInRequest: request.requestId,
      })
      .where(and(eq(tickets.id, found.ticket.id), isNull(tickets.checkedInAt)))
      .returning();
    if (stamped) {
      await writeAudit(tx, audit, {
        message: `Checked in ticket ${stamped.code} (${stamped.seats} seats, ${buyer}) at event ${event.id} "${event.name}"`,
      });
      return presentResult('checked-in', stamped, buyer);
    }
    const [current] = await tx.select().from(tickets).where(eq(tickets.id, found.ticket.id));
    // The same scan sent again (its answer was lost): answered as it was the first time
    const outcome =
      current.checkInRequest === request.requestId ? 'checked-in' : 'already-checked-in';
    return presentResult(outcome, current, buyer);
  });
}
