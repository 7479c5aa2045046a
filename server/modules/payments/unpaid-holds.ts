/**
 * What one client and one buyer e-mail may hold in checkouts not yet paid (ANONYMOUS_LIMITS):
 * a pending checkout keeps its seats (and a registration its e-mail) for 30 minutes, so without
 * a cap two requests could make a 100-seat event answer "sold out" to everyone else for free.
 * Holds are counted from the payments themselves, so what lapses or is paid stops counting at
 * once, and a new hold is checked under an advisory lock per client and e-mail, so parallel
 * checkouts (to different events too) cannot all slip under the cap.
 */
import { and, eq, gt, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { ANONYMOUS_LIMITS } from '../../../domain/constants';
import { UNPAID_HOLDS_LIMIT_MESSAGE } from '../../../domain/contracts/payments';
import { askedTogether } from '../../db/asked-together';
import { builtQueriesByShape } from '../../db/built-query';
import type { TDbOrTx, TTx } from '../../db/client';
import { payments, TICKET_KINDS } from '../../db/schema';
import { lockKeys } from '../../lib/anonymous-limits';
import { AppError } from '../../lib/errors';
import { hashWaitlistToken, offersHeldQuery } from '../waitlist/waitlist-holds';

/** The kinds anyone may start without an account: the ones a stranger could hold for free. */
export const ANONYMOUS_KINDS = [
  'nonmember-ticket',
  'table-for-10',
  'registration',
  'donation',
] as const;

export interface TUnpaidHold {
  /** Who starts it (`writeClientOf`). */
  client: string;
  /** The buyer's e-mail. */
  email: string;
  /** Seats it would hold (0 for a registration). */
  seats: number;
  /** A waiting-list offer this checkout uses: its seats move to the checkout, not counted twice. */
  offerToken?: string;
}

interface THeld {
  seats: number;
  checkouts: number;
  firstLapse: Date | null;
}

/** The unpaid checkouts of one client or one e-mail, as a select of one row `owner` labels. */
function checkoutsHeldQuery(
  db: TDbOrTx,
  owner: 'client' | 'email',
  condition: SQL,
  now: Placeholder,
) {
  return db
    .select({
      owner: sql<string>`${owner}::text`.as('owner'),
      seats:
        sql<number>`coalesce(sum(${payments.dependent}) filter (where ${inArray(payments.kind, TICKET_KINDS)}), 0)::int`.as(
          'seats',
        ),
      holds: sql<number>`count(*)::int`.as('holds'),
      firstLapse: sql<string | null>`min(${payments.expiresAt})`.as('first_lapse'),
    })
    .from(payments)
    .where(
      and(
        condition,
        eq(payments.status, 'pending'),
        gt(payments.expiresAt, now),
        inArray(payments.kind, ANONYMOUS_KINDS),
      ),
    );
}

/**
 * What the client and the e-mail already hold unpaid, open waiting-list offers included (issue 9:
 * an offer's seats count against the same caps), when `hold` would not fit beside it; empty when
 * it fits. `exceptEntryId` leaves out an entry being offered seats itself. One statement counts
 * the four (checkouts and offers, of the client and of the e-mail).
 */
export async function unpaidHoldsOver(
  tx: TTx,
  hold: TUnpaidHold,
  now: Date,
  exceptEntryId?: number,
): Promise<THeld[]> {
  const email = hold.email.trim().toLowerCase();
  const limits = ANONYMOUS_LIMITS.unpaidHolds;
  const shape = { exceptEntry: exceptEntryId !== undefined, offerToken: !!hold.offerToken };
  const rows = await holdsQuery(tx, shape, {
    client: hold.client,
    email,
    now: now.toISOString(),
    exceptEntryId: exceptEntryId ?? null,
    offerTokenHash: hold.offerToken ? hashWaitlistToken(hold.offerToken) : null,
  });
  const heldBy = (owner: 'client' | 'email'): THeld => {
    const mine = rows.filter((row) => row.owner === owner);
    const lapses = mine.flatMap((row) => (row.firstLapse ? [new Date(row.firstLapse)] : []));
    return {
      seats: mine.reduce((sum, row) => sum + Number(row.seats), 0),
      checkouts: mine.reduce((sum, row) => sum + Number(row.holds), 0),
      firstLapse: lapses.sort((a, b) => a.getTime() - b.getTime())[0] ?? null,
    };
  };
  const byClient = heldBy('client');
  const byEmail = heldBy('email');
  return [
    byClient.seats + hold.seats > limits.seatsPerClient ||
    byClient.checkouts + 1 > limits.checkoutsPerClient
      ? byClient
      : null,
    byEmail.seats + hold.seats > limits.seatsPerEmail ||
    byEmail.checkouts + 1 > limits.checkoutsPerEmail
      ? byEmail
      : null,
  ].filter((held): held is THeld => held !== null);
}

/** The four counts of `unpaidHoldsOver` in one statement, built once per shape. */
const holdsQuery = builtQueriesByShape(
  (shape: { exceptEntry: boolean; offerToken: boolean }) =>
    `${shape.exceptEntry}/${shape.offerToken}`,
  (db, shape) => {
    const now = sql.placeholder('now');
    const email = sql.placeholder('email');
    const except = {
      entryId: shape.exceptEntry ? sql.placeholder('exceptEntryId') : undefined,
      offerTokenHash: shape.offerToken ? sql.placeholder('offerTokenHash') : undefined,
    };
    return unionAll(
      checkoutsHeldQuery(db, 'client', eq(payments.clientKey, sql.placeholder('client')), now),
      checkoutsHeldQuery(db, 'email', sql`lower(${payments.email}) = ${email}`, now),
      offersHeldQuery(db, { client: sql.placeholder('client') }, now, except),
      offersHeldQuery(db, { email }, now, except),
    );
  },
);

/**
 * 429 RATE_LIMITED, Retry-After until the first of the holds lapses, unless `hold` fits beside
 * what its client and its e-mail already hold unpaid. Runs first in the checkout's transaction
 * (advisory locks before the event's row lock, in every checkout), and its locks keep the count
 * true until the new payment row is committed.
 */
export async function assertUnpaidHoldFits(tx: TTx, hold: TUnpaidHold, now: Date): Promise<void> {
  const email = hold.email.trim().toLowerCase();
  // The count starts once the locks are held, and sees every hold committed under them before
  const [, over] = await askedTogether(
    () => lockKeys(tx, [`holds:client:${hold.client}`, `holds:email:${email}`]),
    () => unpaidHoldsOver(tx, hold, now),
  );
  if (over.length === 0) return;
  const lapse = Math.max(...over.map((held) => held.firstLapse?.getTime() ?? now.getTime()));
  const seconds = Math.max(1, Math.ceil((lapse - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', UNPAID_HOLDS_LIMIT_MESSAGE, {
    headers: { 'Retry-After': String(seconds) },
  });
}
