/**
 * The one limit every anonymous write goes through, and every public look-up that tells whether
 * an e-mail is known (issue 8). Its counters are the database's (./rate-limit.ts), so several
 * instances behind a load balancer agree. Checkout and the e-mail look-ups use it; the waiting
 * list and the contact form add their action to ANONYMOUS_ACTIONS and call `takeAnonymousHit`.
 *
 * A client is a signed-in member's account, else the caller's address: addresses are what an
 * outsider cannot multiply cheaply, accounts are what members behind one hall Wi-Fi do not share.
 */
import { sql } from 'drizzle-orm';
import { ANONYMOUS_LIMITS } from '../../domain/constants';
import { CONTACT_RATE_LIMITED_MESSAGE } from '../../domain/contracts/contact';
import { CHECKOUT_STARTS_LIMIT_MESSAGE } from '../../domain/contracts/payments';
import { WAITLIST_MESSAGES } from '../../domain/contracts/waitlist';
import { builtQueriesByShape, numberedPlaceholders, numberedValues } from '../db/built-query';
import type { TDbOrTx, TTx } from '../db/client';
import { isStaffRole, type TPrincipal } from './auth';
import { takeHit, type TRateRule } from './rate-limit';

const MINUTE_MS = 60_000;

interface TActionLimits {
  perClient: { limit: number; windowMs: number };
  /** Counted too when the write names an e-mail (a buyer's), in the same window. */
  perEmail?: { limit: number; windowMs: number };
  message: string;
}

const checkoutWindow = ANONYMOUS_LIMITS.checkoutStarts.windowMinutes * MINUTE_MS;

export const ANONYMOUS_ACTIONS = {
  checkout: {
    perClient: { limit: ANONYMOUS_LIMITS.checkoutStarts.perClient, windowMs: checkoutWindow },
    perEmail: { limit: ANONYMOUS_LIMITS.checkoutStarts.perEmail, windowMs: checkoutWindow },
    message: CHECKOUT_STARTS_LIMIT_MESSAGE,
  },
  'email-lookup': {
    perClient: {
      limit: ANONYMOUS_LIMITS.lookups.perClient,
      windowMs: ANONYMOUS_LIMITS.lookups.windowMinutes * MINUTE_MS,
    },
    message: 'Too many look-ups. Please wait a moment and try again.',
  },
  contact: {
    perClient: {
      limit: ANONYMOUS_LIMITS.contactMessages.perClient,
      windowMs: ANONYMOUS_LIMITS.contactMessages.windowMinutes * MINUTE_MS,
    },
    perEmail: {
      limit: ANONYMOUS_LIMITS.contactMessages.perEmail,
      windowMs: ANONYMOUS_LIMITS.contactMessages.windowMinutes * MINUTE_MS,
    },
    message: CONTACT_RATE_LIMITED_MESSAGE,
  },
  waitlist: {
    perClient: {
      limit: ANONYMOUS_LIMITS.waitlistJoins.perClient,
      windowMs: ANONYMOUS_LIMITS.waitlistJoins.windowMinutes * MINUTE_MS,
    },
    perEmail: {
      limit: ANONYMOUS_LIMITS.waitlistJoins.perEmail,
      windowMs: ANONYMOUS_LIMITS.waitlistJoins.windowMinutes * MINUTE_MS,
    },
    message: WAITLIST_MESSAGES.rateLimited,
  },
} as const satisfies Record<string, TActionLimits>;

export type TAnonymousAction = keyof typeof ANONYMOUS_ACTIONS;

/** The caller a limit counts, by address; for look-ups, which count everyone alike. */
export function addressClient(address: string): string {
  return `addr:${address}`;
}

/**
 * The caller a write limit counts: a signed-in member's account, else the address. Null for
 * staff: they are accountable for what they do and sell at the door from one address.
 */
export function writeClientOf(principal: TPrincipal | null, address: string): string | null {
  if (!principal) return addressClient(address);
  return isStaffRole(principal.role) ? null : `${principal.kind}:${principal.subjectId}`;
}

/**
 * Counts one `action` for the client (and the e-mail, when the action limits e-mails) and throws
 * 429 RATE_LIMITED with Retry-After once either is past its limit. Call it before the work and
 * outside the work's transaction, so a refused or failed attempt still counts.
 */
export async function takeAnonymousHit(
  db: TDbOrTx,
  action: TAnonymousAction,
  who: { client: string; email?: string },
  now: Date,
): Promise<void> {
  const limits: TActionLimits = ANONYMOUS_ACTIONS[action];
  const rules: TRateRule[] = [{ key: `anon:${action}:${who.client}`, ...limits.perClient }];
  if (limits.perEmail && who.email !== undefined) {
    rules.push({
      key: `anon:${action}:email:${who.email.trim().toLowerCase()}`,
      ...limits.perEmail,
    });
  }
  await takeHit(db, rules, now, limits.message);
}

/**
 * Serialises the transactions that check and then add to what the keys hold (a client's unpaid
 * seats), on every instance: a transaction-scoped advisory lock per key, taken in one order so
 * two transactions never wait on each other in a circle.
 */
export async function lockKeys(tx: TTx, keys: readonly string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return;
  await lockKeysQuery(tx, sorted.length, numberedValues('key', sorted));
}

/** The statement of `lockKeys` for `count` keys (`key0`, `key1`, …), built once per count. */
const lockKeysQuery = builtQueriesByShape(
  (count: number) => String(count),
  (db, count) => {
    const list = sql.join(numberedPlaceholders('key', count), sql`, `);
    // One statement; the locks are taken row by row in the array's order
    return db
      .select({ locked: sql`pg_advisory_xact_lock(hashtextextended(key, 0))` })
      .from(sql`unnest(array[${list}]::text[]) as key`);
  },
);
