/**
 * Sign-in's statements, prepared once per connection (server/db/prepared-statement.ts): before the
 * password is checked, one counts the attempt on its three keys (an admin's also reads the
 * account); after a success, one writes all that the success changes. Sign-in waits for the hash
 * on the server's one core, so every statement less and every plan not made again is sign-ins
 * gained.
 *
 * Lock order: a statement that locks several counters locks them in the keys' byte order, as
 * `refundHit` does (server/lib/rate-limit.ts). A sign-in's keys, 'login:email:…', 'login:ip:…'
 * and 'login:pair:…', are always in that order, so two sign-ins never wait on each other in a
 * circle (a multi-row upsert that locked them in another order than the hand-back deadlocked).
 */
import type { TDatabase } from '../../db/client';
import type { TAdminAccountRow } from '../../db/schema';
import type { TRateRule } from '../../lib/rate-limit';
import type { TAdminSignIn } from './accounts';
import { runPrepared, type TPreparedStatement } from '../../db/prepared-statement';

/** A sign-in's three counters, in the keys' byte order. */
export interface TLoginRules {
  /** Counted, never refused: past its limit it only slows the tries at this e-mail. */
  email: TRateRule;
  address: TRateRule;
  pair: TRateRule;
}

export interface TCount {
  hits: number;
  expiresAt: Date;
}

/** The three keys counted in one atomic upsert, as `countHits` counts (an ended window starts afresh). */
const UPSERT_LOGIN_HITS = `
    insert into rate_limits as r (key, hits, window_started_at, expires_at)
    values ($1, 1, $4::timestamptz, $5::timestamptz),
           ($2, 1, $4::timestamptz, $5::timestamptz),
           ($3, 1, $4::timestamptz, $5::timestamptz)
    on conflict (key) do update set
      hits = case when r.expires_at <= excluded.window_started_at then 1 else r.hits + 1 end,
      window_started_at = case when r.expires_at <= excluded.window_started_at
        then excluded.window_started_at else r.window_started_at end,
      expires_at = case when r.expires_at <= excluded.window_started_at
        then excluded.expires_at else r.expires_at end
    returning key, hits, round(extract(epoch from expires_at) * 1000)::float8 as expires_ms`;

const COUNT_LOGIN_HITS: TPreparedStatement = { text: UPSERT_LOGIN_HITS };

/**
 * The admin sign-in's read rides on its count: one statement, one round trip and one call into
 * PGlite instead of two. Each of the three rows carries the account (or nulls when the e-mail has
 * none), so an unknown e-mail costs the same statement as a known one.
 */
const COUNT_AND_FIND_ADMIN: TPreparedStatement = {
  text: `
    with counted as (${UPSERT_LOGIN_HITS})
    select c.key, c.hits, c.expires_ms,
           a.id, a.email, a.password_hash, a.first_name, a.last_name, a.kind, a.is_staff,
           a.validity_from::text as validity_from, a.validity_to::text as validity_to, a.is_active
    from counted c left join admin_accounts a on lower(a.email) = $6`,
};

type TCountRow = { key: string; hits: number; expires_ms: number };
export type TLoginCounts = Record<keyof TLoginRules, TCount>;

function countParams(rules: TLoginRules, now: Date): string[] {
  // The three rules share one window
  const expiresAt = new Date(now.getTime() + rules.email.windowMs);
  return [
    rules.email.key,
    rules.address.key,
    rules.pair.key,
    now.toISOString(),
    expiresAt.toISOString(),
  ];
}

function countsOf(rules: TLoginRules, rows: readonly TCountRow[]): TLoginCounts {
  const countOf = (rule: TRateRule): TCount => {
    const row = rows.find((candidate) => candidate.key === rule.key);
    if (!row) throw new Error(`The count of ${rule.key} was not answered`);
    return { hits: row.hits, expiresAt: new Date(row.expires_ms) };
  };
  return {
    email: countOf(rules.email),
    address: countOf(rules.address),
    pair: countOf(rules.pair),
  };
}

/** Counts one hit on each of the three keys; answers their counts. */
export async function countLoginHits(
  database: TDatabase,
  rules: TLoginRules,
  now: Date,
): Promise<TLoginCounts> {
  const rows = await runPrepared<TCountRow>(database, COUNT_LOGIN_HITS, countParams(rules, now));
  return countsOf(rules, rows);
}

type TAdminRow = TCountRow & {
  id: number | null;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  kind: TAdminAccountRow['kind'];
  is_staff: boolean;
  validity_from: string | null;
  validity_to: string | null;
  is_active: boolean;
};

/**
 * Counts one hit on each of the three keys and reads the admin account of `email`, however it is
 * cased (`findAdminByEmail`): the counts, and the account when there is one.
 */
export async function countAdminSignIn(
  database: TDatabase,
  rules: TLoginRules,
  email: string,
  now: Date,
): Promise<{ counts: TLoginCounts; account: TAdminSignIn | undefined }> {
  const rows = await runPrepared<TAdminRow>(database, COUNT_AND_FIND_ADMIN, [
    ...countParams(rules, now),
    email.toLowerCase(),
  ]);
  const counts = countsOf(rules, rows);
  const row = rows[0];
  if (row?.id == null) return { counts, account: undefined };
  return {
    counts,
    account: {
      id: row.id,
      email: row.email,
      passwordHash: row.password_hash,
      firstName: row.first_name,
      lastName: row.last_name,
      kind: row.kind,
      isStaff: row.is_staff,
      validityFrom: row.validity_from,
      validityTo: row.validity_to,
      isActive: row.is_active,
    },
  };
}

/**
 * A successful sign-in's writes as one statement, one atomic step on both databases: the
 * session; this attempt's hit handed back to the address (which keeps its count of failures:
 * one good account must not unlock guessing at others); the e-mail's and the pair's counts
 * cleared; the audit entry.
 */
const RECORD_SIGN_IN: TPreparedStatement = {
  text: `
    with locked as (
      select key from rate_limits where key in ($1, $2, $3) order by key collate "C" for update
    ), refunded as (
      update rate_limits set hits = greatest(hits - 1, 0)
      where key = $2 and key in (select key from locked) and expires_at > $4::timestamptz
    ), cleared as (
      delete from rate_limits where key in ($1, $3) and key in (select key from locked)
    ), audited as (
      insert into audit_logs
        ("user", email, user_type, ip_address, method_type, logger_message, created_at)
      values ($5, $6, $7, $8, $9, $10, $11::timestamptz)
    )
    insert into sessions
      (token_hash, kind, subject_id, ip_address, user_agent, created_at, last_used_at, expires_at)
    values ($12, $13, $14::integer, $15, $16, $17::timestamptz, $18::timestamptz, $19::timestamptz)
    returning id`,
};

export interface TSignInRecord {
  rules: TLoginRules;
  now: Date;
  audit: {
    user: string;
    email: string;
    userType: string;
    ipAddress: string;
    methodType: string;
    loggerMessage: string;
    createdAt: Date;
  };
  session: {
    tokenHash: string;
    kind: string;
    subjectId: number;
    ipAddress: string;
    userAgent: string;
    createdAt: Date;
    lastUsedAt: Date;
    expiresAt: Date;
  };
}

/** Writes a successful sign-in; answers the new session's id. */
export async function recordSignIn(database: TDatabase, record: TSignInRecord): Promise<number> {
  const { rules, audit, session } = record;
  const [row] = await runPrepared<{ id: number }>(database, RECORD_SIGN_IN, [
    rules.email.key,
    rules.address.key,
    rules.pair.key,
    record.now.toISOString(),
    audit.user,
    audit.email,
    audit.userType,
    audit.ipAddress,
    audit.methodType,
    audit.loggerMessage,
    audit.createdAt.toISOString(),
    session.tokenHash,
    session.kind,
    session.subjectId,
    session.ipAddress,
    session.userAgent,
    session.createdAt.toISOString(),
    session.lastUsedAt.toISOString(),
    session.expiresAt.toISOString(),
  ]);
  return row.id;
}
