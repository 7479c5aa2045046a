/**
 * Fixed-window counters kept in the `rate_limits` table, so every server instance sees the same
 * count (DESIGN §3d). A window opens at a key's first hit and lasts `windowMs`; a hit beyond
 * `limit` inside it is refused with 429 and `Retry-After`, whatever the request carries.
 *
 * A hit is taken before the work it guards (one atomic upsert for all its keys), so parallel requests
 * cannot all slip past a check-then-count gap; `refundHit` gives it back when the attempt turns
 * out not to count (a successful sign-in).
 */
import { and, gt, inArray, lte, sql } from 'drizzle-orm';
import { builtQueriesByShape, numberedPlaceholders, numberedValues } from '../db/built-query';
import type { TDbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';

export interface TRateRule {
  /** Counter name, e.g. `login:email:ann@example.org`. */
  key: string;
  limit: number;
  windowMs: number;
}

export const FIFTEEN_MINUTES = 15 * 60 * 1000;

const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait and try again later.';

/** Keys in byte order (PostgreSQL's collate "C"), the order every statement locks counters in. */
function inByteOrder(keys: readonly string[]): string[] {
  return [...new Set(keys)].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

/**
 * Counts one hit on each rule's key in one atomic upsert (an ended window starts afresh) and
 * answers each key's count in its current window, refusing nothing. The rows are locked in the
 * keys' byte order, as `refundHit` and sign-in lock them, so no two statements wait in a circle.
 */
export async function countHits(
  db: TDbOrTx,
  rules: readonly TRateRule[],
  now: Date,
): Promise<Map<string, { hits: number; expiresAt: Date }>> {
  const windowOf = new Map(rules.map((rule) => [rule.key, rule.windowMs]));
  const keys = inByteOrder(rules.map((rule) => rule.key));
  const expiries = keys.map((key) => new Date(now.getTime() + (windowOf.get(key) ?? 0)));
  const counted = await upsertHits(db, keys.length, {
    now,
    ...numberedValues('key', keys),
    ...numberedValues('expiresAt', expiries),
  });
  return new Map(counted.map(({ key, ...count }) => [key, count]));
}

/** The upsert of `countHits` for `count` keys: `key0`, `expiresAt0`, … and `now`. */
const upsertHits = builtQueriesByShape(
  (count: number) => String(count),
  (db, count) => {
    const ended = sql`${rateLimits.expiresAt} <= excluded.window_started_at`;
    const expiries = numberedPlaceholders('expiresAt', count);
    const rows = numberedPlaceholders('key', count).map((key, i) => ({
      key,
      hits: 1,
      windowStartedAt: sql.placeholder('now'),
      expiresAt: expiries[i],
    }));
    return db
      .insert(rateLimits)
      .values(rows)
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
          windowStartedAt: sql`case when ${ended} then excluded.window_started_at else ${rateLimits.windowStartedAt} end`,
          expiresAt: sql`case when ${ended} then excluded.expires_at else ${rateLimits.expiresAt} end`,
        },
      })
      .returning({ key: rateLimits.key, hits: rateLimits.hits, expiresAt: rateLimits.expiresAt });
  },
);

/** How often ended windows are cleared away, per database handle (a server instance). */
const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<object, number>();

/**
 * Ended windows are dead weight (an ended window restarts on its next hit anyway); clearing them
 * at most once a minute keeps the table as small as the live keys without a delete per request.
 * It passes over rows another statement holds, so it never waits while holding others' keys.
 */
export async function sweepEndedWindows(db: TDbOrTx, now: Date): Promise<void> {
  const last = lastSweep.get(db);
  if (last !== undefined && Math.abs(now.getTime() - last) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now.getTime());
  const ended = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(lte(rateLimits.expiresAt, now))
    .for('update', { skipLocked: true });
  await db.delete(rateLimits).where(inArray(rateLimits.key, ended));
}

/**
 * Counts one hit on each rule's key, then throws 429 RATE_LIMITED (Retry-After in seconds, the
 * longest wait among full windows) when any key has gone past its limit.
 */
export async function takeHit(
  db: TDbOrTx,
  rules: readonly TRateRule[],
  now: Date,
  message = TOO_MANY_ATTEMPTS_MESSAGE,
): Promise<void> {
  const counted = await countHits(db, rules, now);
  await sweepEndedWindows(db, now);
  refuseOverLimit(
    rules,
    rules.map((rule) => counted.get(rule.key) ?? { hits: 0, expiresAt: now }),
    now,
    message,
  );
}

/**
 * Throws 429 RATE_LIMITED (Retry-After in seconds, the longest wait among full windows) when any
 * rule's count, `counted` in the same order, has gone past its limit.
 */
export function refuseOverLimit(
  rules: readonly TRateRule[],
  counted: ReadonlyArray<{ hits: number; expiresAt: Date }>,
  now: Date,
  message = TOO_MANY_ATTEMPTS_MESSAGE,
): void {
  let waitSeconds = 0;
  rules.forEach((rule, index) => {
    const row = counted[index];
    if (row.hits > rule.limit) {
      const seconds = Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000);
      waitSeconds = Math.max(waitSeconds, seconds, 1);
    }
  });
  if (waitSeconds > 0) {
    throw new AppError('RATE_LIMITED', message, {
      headers: { 'Retry-After': String(waitSeconds) },
    });
  }
}

/**
 * Gives back one hit on each rule's key, within its current window only. The rows are locked in
 * the keys' byte order, the order every statement that locks several counters keeps (`countHits`
 * and sign-in's, signin.repository.ts), so two such statements never wait on each other in a circle.
 */
export async function refundHit(
  db: TDbOrTx,
  rules: readonly TRateRule[],
  now: Date,
): Promise<void> {
  if (rules.length === 0) return;
  const inKeyOrder = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(
      inArray(
        rateLimits.key,
        rules.map((rule) => rule.key),
      ),
    )
    .orderBy(sql`${rateLimits.key} collate "C"`)
    .for('update');
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(and(inArray(rateLimits.key, inKeyOrder), gt(rateLimits.expiresAt, now)));
}
