/**
 * The waiting list of a sold-out event (issue 9). Joining (`POST /api/nonmember/iview`) writes a
 * 'pending' entry and mails a confirmation link; confirming makes it 'waiting' in line; offers
 * are made by ./waitlist-offers.ts. An offer's link opens the purchase with the buyer filled in,
 * and checkout may use the offer's seats only for the e-mail it was made to.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  WAITLIST_MESSAGES,
  type TWaitlist,
  type TWaitlistConfirmed,
  type TWaitlistEntry,
  type TWaitlistJoined,
  type TWaitlistOffer,
  type ZWaitlistJoin,
} from '../../../domain/contracts/waitlist';
import { formatCalendarDate, formatClockTime } from '../../../domain/dates';
import { fullName } from '../../../domain/display';
import type { TConfig } from '../../config';
import type { TDb, TTx } from '../../db/client';
import { events, waitlistEntries, type TWaitlistEntryRow } from '../../db/schema';
import { takeAnonymousHit, writeClientOf } from '../../lib/anonymous-limits';
import type { TPrincipal } from '../../lib/auth';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import { AppError, conflict, notFound } from '../../lib/errors';
import { eventListsChanged } from '../events/event-list-cache';
import { lockEvent, seatsLeftOf, seatsTaken } from '../events/seats';
import { enqueueMail } from '../mail/outbox';
import { notOnSaleReason } from '../payments/kinds/ticket-common';
import { entryOfToken, hashWaitlistToken, newWaitlistToken } from './waitlist-holds';
import { makeOffersForEvent, offerFreedSeats, type TOfferLog } from './waitlist-offers';

export interface TWaitlistDeps {
  db: TDb;
  config: TConfig;
  now: Date;
  audit: TAuditContext;
  log: TOfferLog;
}

const LIVE_STATUSES = ['pending', 'waiting', 'offered'] as const;

export function waitlistLink(config: TConfig, kind: 'confirm', token: string): string {
  return `${config.publicUrl}/#/waitlist/${kind}/${token}`;
}

export function presentEntry(row: TWaitlistEntryRow): TWaitlistEntry {
  return {
    id: row.id,
    fname: row.firstName,
    lname: row.lastName,
    email: row.email,
    contact: row.phone,
    seats: row.seats,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
    offerExpiresAt:
      row.status === 'offered' && row.offerExpiresAt ? row.offerExpiresAt.toISOString() : null,
  };
}

const seatsText = (seats: number) => (seats === 1 ? '1 seat' : `${seats} seats`);

function confirmationMail(
  config: TConfig,
  event: { name: string; eventDate: string; eventTime: string },
  entry: { firstName: string; seats: number },
  token: string,
) {
  return {
    subject: `${config.orgName}: confirm your place on the waiting list for ${event.name}`,
    text: [
      `Dear ${entry.firstName},`,
      '',
      `You asked to join the waiting list for ${event.name} on ${formatCalendarDate(event.eventDate)} at ${formatClockTime(event.eventTime)}, for ${seatsText(entry.seats)}.`,
      'Please confirm your e-mail address to take your place in line:',
      '',
      waitlistLink(config, 'confirm', token),
      '',
      'When seats come free we will e-mail you a link that holds them for you. If you did not ask for this, ignore this e-mail.',
      '',
      config.orgName,
    ].join('\n'),
  };
}

/** `POST /api/nonmember/iview`. */
export async function joinWaitlist(
  deps: TWaitlistDeps,
  input: z.output<typeof ZWaitlistJoin>,
  caller: { principal: TPrincipal | null; address: string },
): Promise<TWaitlistJoined> {
  const { db, config, now } = deps;
  const client = writeClientOf(caller.principal, caller.address);
  const email = input.email.trim();
  // Counted before the work and outside its transaction: a refused join counts too
  if (client) await takeAnonymousHit(db, 'waitlist', { client, email }, now);
  const token = newWaitlistToken();
  await db.transaction(async (tx) => {
    const event = await lockEvent(tx, input.eventid);
    if (!event || event.deletedAt) throw notFound('event');
    const reason = notOnSaleReason(event, { now, config });
    if (reason) throw conflict(reason);
    const left = seatsLeftOf(event.capacity, await seatsTaken(tx, event.id, now));
    // A family waits when the seats it needs are not there, sold out or not
    if (left >= input.seats) throw conflict(WAITLIST_MESSAGES.notSoldOut);
    const [live] = await tx
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.eventId, event.id),
          sql`lower(${waitlistEntries.email}) = ${email.toLowerCase()}`,
          inArray(waitlistEntries.status, LIVE_STATUSES),
        ),
      )
      .for('update');
    if (live && live.status !== 'pending') {
      throw conflict(WAITLIST_MESSAGES.alreadyOnList, { email: WAITLIST_MESSAGES.alreadyOnList });
    }
    const values = {
      firstName: input.fname,
      lastName: input.lname,
      email,
      phone: input.contact,
      seats: input.seats,
      confirmTokenHash: hashWaitlistToken(token),
      clientKey: client,
      updatedAt: now,
    };
    // Not yet confirmed: joining again replaces the details and sends a new link
    const [row] = live
      ? await tx
          .update(waitlistEntries)
          .set(values)
          .where(eq(waitlistEntries.id, live.id))
          .returning()
      : await tx
          .insert(waitlistEntries)
          .values({ ...values, eventId: event.id, status: 'pending', createdAt: now })
          .returning();
    await enqueueMail(tx, { to: email, ...confirmationMail(config, event, row, token) }, { now });
    await writeAudit(tx, deps.audit, {
      message: `Waiting list of event ${event.id}: entry ${row.id} joined for ${seatsText(row.seats)}, e-mail not yet confirmed`,
    });
  });
  return { message: WAITLIST_MESSAGES.joined, status: 'pending' };
}

const linkInvalid = () => new AppError('NOT_FOUND', WAITLIST_MESSAGES.linkInvalid);

/** `POST /api/waitlist/confirm/:token`: the e-mailed link; confirming twice answers the same. */
export async function confirmWaitlistEntry(
  deps: TWaitlistDeps,
  token: string,
): Promise<TWaitlistConfirmed> {
  const { db, now } = deps;
  const entry = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.confirmTokenHash, hashWaitlistToken(token)))
      .for('update');
    if (!row || !LIVE_STATUSES.includes(row.status as (typeof LIVE_STATUSES)[number]))
      throw linkInvalid();
    if (row.status !== 'pending') return row;
    const [confirmed] = await tx
      .update(waitlistEntries)
      .set({ status: 'waiting', confirmedAt: now, updatedAt: now })
      .where(eq(waitlistEntries.id, row.id))
      .returning();
    await writeAudit(tx, deps.audit, {
      message: `Waiting list of event ${row.eventId}: entry ${row.id} confirmed its e-mail`,
    });
    return confirmed;
  });
  // Seats may be free already (the family needed more than were left): offer at once
  if (entry.status === 'waiting') await makeOffersForEvent(deps, entry.eventId);
  const [latest] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
  const openOfferUntil =
    latest?.status === 'offered' && latest.offerExpiresAt && latest.offerExpiresAt > now
      ? latest.offerExpiresAt.toISOString()
      : null;
  const [event] = await db.select().from(events).where(eq(events.id, entry.eventId));
  const [ahead] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.eventId, entry.eventId),
        eq(waitlistEntries.status, 'waiting'),
        // In line before this entry: confirmed earlier (the id breaks a tie)
        sql`(${waitlistEntries.confirmedAt}, ${waitlistEntries.id}) < (${(entry.confirmedAt ?? now).toISOString()}::timestamptz, ${entry.id})`,
      ),
    );
  return {
    message: WAITLIST_MESSAGES.confirmed,
    eventid: entry.eventId,
    eventName: event?.name ?? '',
    seats: entry.seats,
    position: Number(ahead?.n ?? 0) + 1,
    offerExpiresAt: openOfferUntil,
  };
}

async function openOfferByToken(
  tx: TTx | TDb,
  token: string,
  now: Date,
): Promise<TWaitlistEntryRow> {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(and(entryOfToken(token), eq(waitlistEntries.status, 'offered')));
  if (!row || row.status !== 'offered' || !row.offerExpiresAt || row.offerExpiresAt <= now) {
    throw new AppError('CONFLICT', WAITLIST_MESSAGES.offerInvalid);
  }
  return row;
}

/** `GET /api/waitlist/offer/:token`: what the offer link opens. */
export async function getWaitlistOffer(db: TDb, token: string, now: Date): Promise<TWaitlistOffer> {
  const row = await openOfferByToken(db, token, now);
  const [event] = await db.select().from(events).where(eq(events.id, row.eventId));
  return {
    eventid: row.eventId,
    eventName: event?.name ?? '',
    seats: row.seats,
    expiresAt: (row.offerExpiresAt ?? now).toISOString(),
    buyer: { fname: row.firstName, lname: row.lastName, email: row.email, contact: row.phone },
  };
}

/**
 * In checkout's transaction (event row locked): the open offer the token names, for this event
 * and made to this buyer's e-mail; 409 otherwise. Its seats are then the buyer's to use.
 */
export async function offerForCheckout(
  tx: TTx,
  token: string,
  eventId: number,
  buyerEmail: string,
  now: Date,
): Promise<TWaitlistEntryRow> {
  const row = await openOfferByToken(tx, token, now);
  if (row.eventId !== eventId) throw conflict(WAITLIST_MESSAGES.offerInvalid);
  if (row.email.trim().toLowerCase() !== buyerEmail.trim().toLowerCase()) {
    throw conflict(WAITLIST_MESSAGES.offerNotYours, { email: WAITLIST_MESSAGES.offerNotYours });
  }
  return row;
}

// ---- staff ------------------------------------------------------------------------------------

/** `GET /api/event/:id/waitlist`: the event's entries in line order, ended ones after. */
export async function listWaitlist(db: TDb, eventId: number): Promise<TWaitlist> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), isNull(events.deletedAt)));
  if (!event) throw notFound('event');
  const rows = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.eventId, eventId))
    .orderBy(
      sql`case ${waitlistEntries.status} when 'offered' then 0 when 'waiting' then 1 when 'pending' then 2 else 3 end`,
      asc(sql`coalesce(${waitlistEntries.confirmedAt}, ${waitlistEntries.createdAt})`),
      asc(waitlistEntries.id),
    );
  return { eventid: event.id, eventName: event.name, entries: rows.map(presentEntry) };
}

async function lockEntry(tx: TTx, id: number): Promise<TWaitlistEntryRow> {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, id))
    .for('update');
  if (!row) throw notFound('waiting-list entry');
  return row;
}

/**
 * `PUT /api/waitlist/:id`: the seats a family needs. An open offer keeps its place but holds
 * the new count only if it does not grow (a bigger need waits again in line).
 */
export async function updateWaitlistEntry(
  deps: TWaitlistDeps,
  id: number,
  seats: number,
): Promise<{ message: string; entry: TWaitlistEntry }> {
  const { db, now } = deps;
  const row = await db.transaction(async (tx) => {
    const current = await lockEntry(tx, id);
    if (!LIVE_STATUSES.includes(current.status as (typeof LIVE_STATUSES)[number])) {
      throw conflict(WAITLIST_MESSAGES.notEditable);
    }
    const backInLine = current.status === 'offered' && seats > current.seats;
    const [updated] = await tx
      .update(waitlistEntries)
      .set({
        seats,
        updatedAt: now,
        ...(backInLine
          ? { status: 'waiting' as const, offerTokenHash: null, offerExpiresAt: null }
          : {}),
      })
      .where(eq(waitlistEntries.id, id))
      .returning();
    await writeAudit(tx, deps.audit, {
      message: `Waiting list of event ${current.eventId}: entry ${id} (${fullName(current.firstName, current.lastName)}) now needs ${seatsText(seats)}`,
    });
    return updated;
  });
  // Fewer seats on an offer, or an offer withdrawn for a bigger need: offer what came free
  eventListsChanged();
  await offerFreedSeats(deps, row.eventId);
  return { message: WAITLIST_MESSAGES.updated, entry: presentEntry(row) };
}

/** `DELETE /api/waitlist/:id`: off the list; an open offer's seats come free. */
export async function removeWaitlistEntry(
  deps: TWaitlistDeps,
  id: number,
): Promise<{ message: string; entry: TWaitlistEntry }> {
  const { db, now } = deps;
  const row = await db.transaction(async (tx) => {
    const current = await lockEntry(tx, id);
    if (!LIVE_STATUSES.includes(current.status as (typeof LIVE_STATUSES)[number])) {
      throw conflict(WAITLIST_MESSAGES.notEditable);
    }
    const [updated] = await tx
      .update(waitlistEntries)
      .set({ status: 'removed', offerTokenHash: null, updatedAt: now })
      .where(eq(waitlistEntries.id, id))
      .returning();
    await writeAudit(tx, deps.audit, {
      message: `Waiting list of event ${current.eventId}: removed entry ${id} (${fullName(current.firstName, current.lastName)})`,
    });
    return updated;
  });
  // The seats of an offer withdrawn are free in the public lists, and go to the next family now
  eventListsChanged();
  await offerFreedSeats(deps, row.eventId);
  return { message: WAITLIST_MESSAGES.removed, entry: presentEntry(row) };
}
