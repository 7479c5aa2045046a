/**
 * The seats a waiting-list offer holds (issue 9): an entry 'offered' holds its seats until the
 * offer expires, like a checkout not yet paid, unless a checkout started from the offer holds
 * them already (pending and live, or paid): then the payment counts them, never both.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, not, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDbOrTx } from '../../db/client';
import { payments, waitlistEntries } from '../../db/schema';

export function hashWaitlistToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The payment's `details` key naming the entry whose offer it uses. */
export const OFFER_DETAILS_KEY = 'waitlistEntryId';

/**
 * `payments.details ->> 'waitlistEntryId'` with the key written out, not a parameter: the very
 * expression `payments_waitlist_entry_idx` is built on, so the planner can use it.
 */
export function offerEntryOfPayment(): SQL {
  return sql`(${payments.details} ->> ${sql.raw(`'${OFFER_DETAILS_KEY}'`)})`;
}

/**
 * The entry a link's token opens an offer of: the offer's own token (the offer mail), or the
 * entry's confirmation token (the confirmation page of an entry offered already). Both were
 * mailed to the entry's address only, so either proves the same thing.
 */
export function entryOfToken(token: string): SQL {
  return entryOfTokenHash(hashWaitlistToken(token));
}

/** `entryOfToken` by the token's hash, which a query built once takes as a placeholder. */
function entryOfTokenHash(hash: string | Placeholder): SQL {
  return or(
    eq(waitlistEntries.offerTokenHash, hash),
    eq(waitlistEntries.confirmTokenHash, hash),
  ) as SQL;
}

export function newWaitlistToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * An instant a query compares with: the time itself, or a placeholder of a query built once
 * (../../db/built-query.ts), then given the time as ISO text.
 */
export type TInstantParam = Date | Placeholder;

const isoOf = (now: TInstantParam) => (now instanceof Date ? now.toISOString() : now);

/** A checkout started from the entry's offer holds its seats: pending and live, or paid. */
export function offerPaymentHoldsSeats(now: TInstantParam): SQL {
  return sql`exists (select 1 from ${payments} where ${payments.eventId} = ${waitlistEntries.eventId}
      and ${offerEntryOfPayment()} = ${waitlistEntries.id}::text
      and (${payments.status} = ${PAYMENT_STATUS_DONE}
        or (${payments.status} = 'pending' and ${payments.expiresAt} > ${isoOf(now)}::timestamptz)))`;
}

/** An entry whose offer holds seats at `now` (the condition on `waitlist_entries`). */
export function offerHoldsSeats(now: TInstantParam): SQL {
  return and(
    eq(waitlistEntries.status, 'offered'),
    gt(waitlistEntries.offerExpiresAt, now),
    not(offerPaymentHoldsSeats(now)),
  ) as SQL;
}

/**
 * Seats held by open offers of the event row of the enclosing query (`events.id`), as a
 * correlated subquery for the event lists and the seat count; `exceptEntryId` leaves out the
 * offer being used.
 */
export function offeredSeatsOfEvent(
  eventIdColumn: AnyPgColumn | SQL,
  now: TInstantParam,
  exceptEntryId?: number | Placeholder,
): SQL<number> {
  const except = exceptEntryId === undefined ? undefined : ne(waitlistEntries.id, exceptEntryId);
  return sql<number>`(select coalesce(sum(${waitlistEntries.seats}), 0)::int from ${waitlistEntries}
    where ${waitlistEntries.eventId} = ${eventIdColumn} and ${and(offerHoldsSeats(now), except)})`;
}

/**
 * Seats and offers open for one client or one e-mail (lower case), counted like unpaid checkouts:
 * a select of one row (`owner` labels it) for `unpaidHoldsOver` to run with the payments' own
 * count. Values may be placeholders: `unpaidHoldsOver` builds its statement once.
 */
export function offersHeldQuery(
  db: TDbOrTx,
  owner: { client: string | Placeholder } | { email: string | Placeholder },
  now: TInstantParam,
  except: { entryId?: number | Placeholder; offerTokenHash?: string | Placeholder } = {},
) {
  return db
    .select({
      owner: sql<string>`${'client' in owner ? 'client' : 'email'}::text`.as('owner'),
      seats: sql<number>`coalesce(sum(${waitlistEntries.seats}), 0)::int`.as('seats'),
      holds: sql<number>`count(*)::int`.as('holds'),
      firstLapse: sql<string | null>`min(${waitlistEntries.offerExpiresAt})`.as('first_lapse'),
    })
    .from(waitlistEntries)
    .where(
      and(
        'client' in owner
          ? eq(waitlistEntries.clientKey, owner.client)
          : sql`lower(${waitlistEntries.email}) = ${owner.email}`,
        offerHoldsSeats(now),
        except.entryId === undefined ? undefined : ne(waitlistEntries.id, except.entryId),
        except.offerTokenHash === undefined
          ? undefined
          : sql`not coalesce(${entryOfTokenHash(except.offerTokenHash)}, false)`,
      ),
    );
}
