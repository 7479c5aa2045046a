/**
 * Waiting-list offers (issue 9): when seats come free (a checkout lapses, a purchase is
 * refunded or cancelled, capacity is raised), the first confirmed entry whose need fits gets an
 * e-mail whose link holds its seats for WAITLIST_OFFER_HOURS; an offer unused by then expires and
 * its seats pass down the line at the next run.
 *
 * Every instance runs this on a timer. Each event is worked on under its row lock taken with
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
import {
  events,
  payments,
  waitlistEntries,
  type TEventRow,
  type TWaitlistEntryRow,
} from '../../db/schema';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import type { TClock } from '../../lib/clock';
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
import { eventListsChanged } from '../events/event-list-cache';

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
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked) return null;
  }
  // A staff-made entry has no client: only its e-mail is counted (as a fresh client)
  const client = entry.clientKey ?? `waitlist:${entry.id}`;
  const over = await unpaidHoldsOver(tx, { client, email, seats: entry.seats }, now, entry.id);
  return over.length === 0;
}

/** Makes the offers one event's free seats allow; answers the ids of the entries offered. */
export async function makeOffersForEvent(deps: TOfferDeps, eventId: number): Promise<number[]> {
  const offered = await offerFreeSeats(deps, eventId);
  // Offered seats are held: the public lists show them at once
  if (offered.length > 0) eventListsChanged();
  return offered;
}

async function offerFreeSeats(deps: TOfferDeps, eventId: number): Promise<number[]> {
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
async function settleOffers(db: TDb, now: Date): Promise<{ expired: number[] }> {
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
  const expired = await db
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
    .returning({ id: waitlistEntries.id });
  return { expired: expired.map((row) => row.id) };
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
  const { expired } = await settleOffers(deps.db, deps.now);
  await forgetStaleEntries(deps.db, deps.now);
  const lines = await deps.db
    .selectDistinct({ eventId: waitlistEntries.eventId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.status, 'waiting'));
  const offered: number[] = [];
  for (const { eventId } of lines) offered.push(...(await makeOffersForEvent(deps, eventId)));
  // An expired offer frees its seats: the public lists show them at once
  if (expired.length > 0) eventListsChanged();
  return { expired, offered };
}

/** Runs every WAITLIST_CHECK_SECONDS in the server; an unref'd timer never keeps it alive. */
export function startWaitlistOffers(
  db: TDb,
  config: TConfig,
  clock: TClock,
  log: { error(details: object, message: string): void },
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
