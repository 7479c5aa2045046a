/**
 * Waiting-list offers (issue 9): when seats come free (a checkout lapses, a purchase is
 * refunded or cancelled, capacity is raised), the first confirmed entry whose need fits gets an
 * e-mail whose link holds its seats for WAITLIST_OFFER_HOURS; an offer unused by then expires and
 * its seats pass down the line at the next run.
 *
 * Every instance runs this on a timer, and a change that frees seats through this server (an
 * edit raising capacity, a checkout cancelled, expired or refunded, an offer withdrawn) runs the
 * same per-event step at once (offerFreedSeats); a lapsed offer is mailed to its family once, and
 * a cancelled event's list is closed in the cancellation. Each event is worked on under its row lock taken with
 * SKIP LOCKED (another instance working on it, or a checkout of it, makes this run skip it until
 * the next), the seats left are counted under that lock, and an entry becomes 'offered' only
 * from 'waiting', with its mail written in the same transaction: so one offer is made, and
 * mailed, once however many instances run.
 */
import { and, asc, eq, inArray, lte, ne, not, sql } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import { formatCalendarDate, formatClockTime, formatReceiptDateTime } from '../../../domain/dates';
import type { TConfig } from '../../config';
import type { TDb, TTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  events,
  payments,
  waitlistEntries,
  type TEventRow,
  type TWaitlistEntryRow,
} from '../../db/schema';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import type { TClock } from '../../lib/clock';
import { eventListsChanged } from '../events/event-list-cache';
import { seatsMayHaveFreed } from '../events/sold-out-memo';
import { seatsLeftOf, seatsTaken } from '../events/seats';
import { enqueueMail } from '../mail/outbox';
import { notOnSaleReason } from '../payments/kinds/ticket-common';
import { unpaidHoldsOver } from '../payments/unpaid-holds';
import {
  hashWaitlistToken,
  newWaitlistToken,
  offerEntryOfPayment,
  offerPaymentHoldsSeats,
} from './waitlist-holds';

export interface TOfferDeps {
  db: TDb;
  config: TConfig;
  now: Date;
}

const SYSTEM_ACTOR = { user: 'System', email: '', userType: 'Anonymous', ipAddress: '' } as const;
const systemAudit = (now: Date): TAuditContext => ({
  actor: { ...SYSTEM_ACTOR },
  method: 'SWEEP',
  at: now,
});

export function offerDedupeKey(entryId: number, offer: number): string {
  return `waitlist-offer:${entryId}:${offer}`;
}

export function offerLink(config: TConfig, eventId: number, token: string): string {
  return `${config.publicUrl}/#/viewevent/${eventId}?offer=${token}`;
}

function offerMail(config: TConfig, event: TEventRow, entry: TWaitlistEntryRow, token: string) {
  const seats = entry.seats === 1 ? '1 seat' : `${entry.seats} seats`;
  const until = formatReceiptDateTime(entry.offerExpiresAt ?? new Date(), config.timeZone);
  return {
    subject: `${config.orgName}: ${seats} for ${event.name} are held for you`,
    text: [
      `Dear ${entry.firstName},`,
      '',
      `Seats came free for ${event.name} on ${formatCalendarDate(event.eventDate)} at ${formatClockTime(event.eventTime)}. We are holding ${seats} for you until ${until}.`,
      'Buy your tickets here (your details are filled in):',
      '',
      offerLink(config, event.id, token),
      '',
      'If you do not buy them by then, they go to the next family on the waiting list.',
      '',
      config.orgName,
    ].join('\n'),
  };
}

export function lapsedDedupeKey(entryId: number, offer: number): string {
  return `waitlist-lapsed:${entryId}:${offer}`;
}

export function eventLink(config: TConfig, eventId: number): string {
  return `${config.publicUrl}/#/viewevent/${eventId}`;
}

/** The short note that an offer lapsed unused: its seats went to the next family. */
function lapsedMail(config: TConfig, event: TEventRow, entry: TWaitlistEntryRow) {
  const seats = entry.seats === 1 ? 'The seat' : `The ${entry.seats} seats`;
  return {
    subject: `${config.orgName}: the seats held for you for ${event.name} were released`,
    text: [
      `Dear ${entry.firstName},`,
      '',
      `${seats} we held for you for ${event.name} on ${formatCalendarDate(event.eventDate)} were not bought in time, so they went to the next family on the waiting list, and your place on the list has ended.`,
      'If you still want to come, the event page shows whether seats are left:',
      '',
      eventLink(config, event.id),
      '',
      config.orgName,
    ].join('\n'),
  };
}

/**
 * True when the entry's client and e-mail may hold its seats beside what they hold unpaid
 * already (checkouts and other offers); null when another transaction is changing those holds
 * right now (a checkout of theirs): the caller tries again at the next run rather than wait on
 * a lock it could deadlock on (checkouts take these locks before the event's).
 */
async function fitsCaps(tx: TTx, entry: TWaitlistEntryRow, now: Date): Promise<boolean | null> {
  const email = entry.email.trim().toLowerCase();
  const keys = [
    ...(entry.clientKey ? [`holds:client:${entry.clientKey}`] : []),
    `holds:email:${email}`,
  ].sort();
  for (const key of keys) {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) as locked`,
      ),
    );
    if (!lock?.locked) return null;
  }
  // A staff-made entry has no client: only its e-mail is counted (as a fresh client)
  const client = entry.clientKey ?? `waitlist:${entry.id}`;
  const over = await unpaidHoldsOver(tx, { client, email, seats: entry.seats }, now, entry.id);
  return over.length === 0;
}

/** Makes the offers one event's free seats allow; answers the ids of the entries offered. */
export async function makeOffersForEvent(deps: TOfferDeps, eventId: number): Promise<number[]> {
  const offered = await offerInTransaction(deps, eventId);
  // An offer's seats are held: the public lists show them taken at once
  if (offered.length > 0) eventListsChanged();
  return offered;
}

async function offerInTransaction(deps: TOfferDeps, eventId: number): Promise<number[]> {
  const { db, config, now } = deps;
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(events)
      .where(eq(events.id, eventId))
      .for('update', { skipLocked: true });
    if (!event || event.deletedAt || notOnSaleReason(event, { now, config })) return [];
    let left = seatsLeftOf(event.capacity, await seatsTaken(tx, event.id, now));
    if (left <= 0) return [];
    const waiting = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.eventId, event.id), eq(waitlistEntries.status, 'waiting')))
      .orderBy(asc(waitlistEntries.confirmedAt), asc(waitlistEntries.id))
      .for('update');
    const offered: number[] = [];
    for (const entry of waiting) {
      if (left <= 0) break;
      // The first entry whose need fits: a family never gets part of what it needs
      if (entry.seats > left) continue;
      const fits = await fitsCaps(tx, entry, now);
      if (fits === null) break;
      if (!fits) continue;
      const token = newWaitlistToken();
      const [made] = await tx
        .update(waitlistEntries)
        .set({
          status: 'offered',
          offerTokenHash: hashWaitlistToken(token),
          offeredAt: now,
          offerExpiresAt: new Date(now.getTime() + config.waitlist.offerHours * 3_600_000),
          offers: sql`${waitlistEntries.offers} + 1`,
          updatedAt: now,
        })
        .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, 'waiting')))
        .returning();
      if (!made) continue;
      await enqueueMail(
        tx,
        { to: made.email, ...offerMail(config, event, made, token) },
        { dedupeKey: offerDedupeKey(made.id, made.offers), now },
      );
      await writeAudit(tx, systemAudit(now), {
        message: `Waiting list of event ${event.id}: offered ${made.seats} seat(s) to entry ${made.id} until ${made.offerExpiresAt?.toISOString() ?? ''}`,
      });
      left -= made.seats;
      offered.push(made.id);
    }
    return offered;
  });
}

/** Ends offers that are over: paid ones 'purchased', lapsed unused ones 'expired'. */
async function settleOffers(db: TDb, config: TConfig, now: Date): Promise<{ expired: number[] }> {
  await db
    .update(waitlistEntries)
    .set({ status: 'purchased', offerTokenHash: null, updatedAt: now })
    .where(
      and(
        eq(waitlistEntries.status, 'offered'),
        sql`exists (select 1 from ${payments} where ${payments.eventId} = ${waitlistEntries.eventId}
          and ${offerEntryOfPayment()} = ${waitlistEntries.id}::text
          and ${payments.status} = ${PAYMENT_STATUS_DONE})`,
      ),
    );
  // Each lapsed offer ends, and its family is told once, in one transaction: the row's status
  // changes from 'offered' in one run only, and the mail's dedupe key holds across instances
  const expired = await db.transaction(async (tx) => {
    const rows = await tx
      .update(waitlistEntries)
      .set({ status: 'expired', offerTokenHash: null, updatedAt: now })
      .where(
        and(
          eq(waitlistEntries.status, 'offered'),
          lte(waitlistEntries.offerExpiresAt, now),
          // A checkout started in time keeps the seats until it lapses or is paid
          not(offerPaymentHoldsSeats(now)),
        ),
      )
      .returning();
    if (rows.length === 0) return rows;
    const named = await tx
      .select()
      .from(events)
      .where(inArray(events.id, [...new Set(rows.map((row) => row.eventId))]));
    for (const entry of rows) {
      const event = named.find((row) => row.id === entry.eventId);
      if (!event) continue;
      await enqueueMail(
        tx,
        { to: entry.email, ...lapsedMail(config, event, entry) },
        { dedupeKey: lapsedDedupeKey(entry.id, entry.offers), now },
      );
      await writeAudit(tx, systemAudit(now), {
        message: `Waiting list of event ${event.id}: the offer to entry ${entry.id} lapsed unused`,
      });
    }
    return rows;
  });
  if (expired.length > 0) eventListsChanged();
  return { expired: expired.map((row) => row.id) };
}

export interface TOfferLog {
  error(details: object, message: string): void;
}

/**
 * Seats came free through the server itself (capacity raised, a checkout cancelled or refunded,
 * an offer withdrawn): offers them now rather than at the next timer tick. Called once the change
 * has committed; it is the timer's own per-event run, so it is as safe across instances (an
 * event another instance works on is skipped, and the timer is the safety net). The change it
 * follows stands either way: a failure is logged, not answered.
 */
export async function offerFreedSeats(
  deps: TOfferDeps & { log: TOfferLog },
  eventId: number | null | undefined,
): Promise<number[]> {
  if (eventId === null || eventId === undefined) return [];
  seatsMayHaveFreed(deps.db, eventId);
  try {
    const [line] = await deps.db
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.status, 'waiting')))
      .limit(1);
    return line ? await makeOffersForEvent(deps, eventId) : [];
  } catch (err) {
    deps.log.error({ err, eventId }, 'waiting-list offers failed');
    return [];
  }
}

export function cancelledDedupeKey(entryId: number): string {
  return `waitlist-cancelled:${entryId}`;
}

function cancelledMail(config: TConfig, event: TEventRow, entry: TWaitlistEntryRow) {
  return {
    subject: `${config.orgName}: ${event.name} is cancelled`,
    text: [
      `Dear ${entry.firstName},`,
      '',
      `We are sorry to tell you that ${event.name} on ${formatCalendarDate(event.eventDate)} is cancelled.`,
      entry.status === 'offered'
        ? 'The seats we held for you are released and your place on the waiting list has ended; you need not do anything.'
        : 'Your place on its waiting list has ended; you need not do anything.',
      '',
      config.orgName,
    ].join('\n'),
  };
}

/**
 * In the cancellation's transaction (event row locked): every open entry of the event ends
 * ('removed', an offer's seats released and its link void), and each family that confirmed its
 * e-mail (waiting or offered) gets one e-mail that the event is cancelled. Answers how many.
 */
export async function closeWaitlistOfCancelledEvent(
  tx: TTx,
  event: TEventRow,
  config: TConfig,
  audit: TAuditContext,
): Promise<number> {
  const now = audit.at;
  const open = await tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.eventId, event.id),
        inArray(waitlistEntries.status, ['pending', 'waiting', 'offered']),
      ),
    )
    .for('update');
  if (open.length === 0) return 0;
  await tx
    .update(waitlistEntries)
    .set({ status: 'removed', offerTokenHash: null, updatedAt: now })
    .where(
      inArray(
        waitlistEntries.id,
        open.map((entry) => entry.id),
      ),
    );
  let mailed = 0;
  for (const entry of open.filter((row) => row.status !== 'pending')) {
    const outboxId = await enqueueMail(
      tx,
      { to: entry.email, ...cancelledMail(config, event, entry) },
      { dedupeKey: cancelledDedupeKey(entry.id), now },
    );
    if (outboxId !== null) mailed += 1;
  }
  await writeAudit(tx, audit, {
    message: `Waiting list of event ${event.id}: closed ${open.length} open entr${open.length === 1 ? 'y' : 'ies'} as the event is cancelled`,
  });
  return mailed;
}

const DAY_MS = 24 * 3_600_000;
/** How long a confirmation link stays valid; an entry never confirmed then ends. */
export const WAITLIST_CONFIRM_DAYS = 7;
/** How long an ended entry keeps the family's name, e-mail and phone (staff may look back). */
export const WAITLIST_KEEP_ENDED_DAYS = 30;

/**
 * Ends entries never confirmed within WAITLIST_CONFIRM_DAYS, and clears the personal data of
 * entries that ended (expired, removed) WAITLIST_KEEP_ENDED_DAYS ago: nobody may keep it.
 * A purchase keeps its buyer on the payment, so a 'purchased' entry is cleared the same way.
 */
async function forgetStaleEntries(db: TDb, now: Date): Promise<void> {
  await db
    .update(waitlistEntries)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(waitlistEntries.status, 'pending'),
        lte(waitlistEntries.createdAt, new Date(now.getTime() - WAITLIST_CONFIRM_DAYS * DAY_MS)),
      ),
    );
  await db
    .update(waitlistEntries)
    .set({ firstName: '', lastName: '', email: '', phone: '', clientKey: null })
    .where(
      and(
        inArray(waitlistEntries.status, ['expired', 'removed', 'purchased']),
        ne(waitlistEntries.email, ''),
        lte(waitlistEntries.updatedAt, new Date(now.getTime() - WAITLIST_KEEP_ENDED_DAYS * DAY_MS)),
      ),
    );
}

export interface TOfferRun {
  expired: number[];
  offered: number[];
}

/** One run: ends what is over, then offers the seats free at every event with a line. */
export async function runWaitlistOffers(deps: TOfferDeps): Promise<TOfferRun> {
  const { expired } = await settleOffers(deps.db, deps.config, deps.now);
  await forgetStaleEntries(deps.db, deps.now);
  const lines = await deps.db
    .selectDistinct({ eventId: waitlistEntries.eventId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.status, 'waiting'));
  const offered: number[] = [];
  for (const { eventId } of lines) offered.push(...(await makeOffersForEvent(deps, eventId)));
  return { expired, offered };
}

/** Runs every WAITLIST_CHECK_SECONDS in the server; an unref'd timer never keeps it alive. */
export function startWaitlistOffers(
  db: TDb,
  config: TConfig,
  clock: TClock,
  log: TOfferLog,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runWaitlistOffers({ db, config, now: clock.now() })
      .catch((err: unknown) => log.error({ err }, 'waiting-list offers failed'))
      .finally(() => {
        running = false;
      });
  }, config.waitlist.checkSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
