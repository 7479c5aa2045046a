/**
 * Bearer sessions (DESIGN §3): the token is 32 random bytes shown once; only its SHA-256 is kept.
 * A session ends after a spell without use (admins: a working day, members: 30 days), when it is
 * revoked, or when its account stops being usable. Using it slides the end forward, but the row
 * is written at most once a minute so busy screens do not turn every read into a write, and never
 * past an absolute limit from sign-in (admins: 7 days, members: 90 days), so a stolen token that
 * is kept busy still dies.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt, lte, ne } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { runPrepared, type TPreparedStatement } from '../../db/prepared-statement';
import { sessions, type TAdminAccountRow, type TStoredSessionKind } from '../../db/schema';
import type { TPrincipal } from '../../lib/auth';
import type { TAppContext } from '../../lib/context';
import { sessionSubjectOf, type TSessionSubjectRows, type TSubjectRefusal } from './accounts';

const HOUR = 60 * 60 * 1000;
const SESSION_IDLE_MS: Record<TStoredSessionKind, number> = {
  ga: 10 * HOUR,
  su: 10 * HOUR,
  mem: 30 * 24 * HOUR,
  hh: 30 * 24 * HOUR,
};
const SESSION_ABSOLUTE_MS: Record<TStoredSessionKind, number> = {
  ga: 7 * 24 * HOUR,
  su: 7 * 24 * HOUR,
  mem: 90 * 24 * HOUR,
  hh: 90 * 24 * HOUR,
};
const TOUCH_INTERVAL_MS = 60 * 1000;
/** Ended sessions are kept this long (for support questions), then removed at a later sign-in. */
const KEEP_ENDED_MS = 30 * 24 * HOUR;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface TNewSession {
  kind: TStoredSessionKind;
  subjectId: number;
  ipAddress: string;
  userAgent: string;
}

/**
 * A new session's row and the token it stands for (shown once, never stored), written by
 * `createSession`, or inside a sign-in's one statement (signin.repository.ts).
 */
export function newSessionRow(session: TNewSession, now: Date) {
  const token = newToken();
  const idle = SESSION_IDLE_MS[session.kind];
  const row = {
    tokenHash: hashToken(token),
    kind: session.kind,
    subjectId: session.subjectId,
    ipAddress: session.ipAddress,
    userAgent: session.userAgent.slice(0, 500),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + idle),
  };
  return { row, token, expiresIn: Math.round(idle / 1000) };
}

export async function createSession(
  db: TDbOrTx,
  session: TNewSession,
  now: Date,
): Promise<{ token: string; sessionId: number; expiresIn: number }> {
  const { row, token, expiresIn } = newSessionRow(session, now);
  const [created] = await db.insert(sessions).values(row).returning({ id: sessions.id });
  return { token, sessionId: created.id, expiresIn };
}

/** How often a sign-in also clears long-ended sessions, per database (pass the app's, not a tx). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const lastPrune = new WeakMap<object, number>();

/**
 * Removes sessions ended more than KEEP_ENDED_MS ago, at most once an hour: a delete in every
 * sign-in's transaction was one more statement per sign-in for rows that are a month old.
 */
export async function pruneEndedSessions(db: TDbOrTx, now: Date): Promise<void> {
  const last = lastPrune.get(db);
  if (last !== undefined && Math.abs(now.getTime() - last) < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now.getTime());
  // A revoked session's expiry passes too, so this one indexed condition clears both kinds.
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date(now.getTime() - KEEP_ENDED_MS)));
}

type TSessionResolution =
  { principal: TPrincipal } | { principal: null; refusal: 'no-session' | TSubjectRefusal };

/**
 * A live session by its token hash, with the account it stands for, prepared once per connection
 * (server/db/prepared-statement.ts): every signed-in request runs it, and built by Drizzle it was
 * parsed and planned afresh each time. Each account table is joined on its primary key alone (an
 * `or` across two of them made the planner scan every member), and no password hash is read.
 */
const LIVE_SESSION: TPreparedStatement = {
  text: `
    select s.id, s.kind,
      floor(extract(epoch from s.created_at) * 1000)::float8 as created_ms,
      floor(extract(epoch from s.last_used_at) * 1000)::float8 as last_used_ms,
      a.id as admin_id, a.email as admin_email, a.first_name as admin_first_name,
      a.last_name as admin_last_name, a.kind as admin_kind, a.is_staff as admin_is_staff,
      a.validity_from::text as admin_validity_from, a.validity_to::text as admin_validity_to,
      a.is_active as admin_is_active,
      m.id as member_id, m.email as member_email, m.first_name as member_first_name,
      m.last_name as member_last_name,
      h.id as household_id, h.member_id as household_member_id, h.email as household_email,
      coalesce(h.password_hash, '') <> '' as household_has_password,
      h.may_edit_family as household_may_edit_family,
      h.may_buy_tickets as household_may_buy_tickets,
      f.first_name as person_first_name, f.last_name as person_last_name
    from sessions s
    left join admin_accounts a on s.kind in ('ga', 'su') and a.id = s.subject_id
    left join household_accounts h on s.kind = 'hh' and h.id = s.subject_id
    left join family_members f on f.id = h.family_member_id
    left join members m on m.id = case when s.kind = 'mem' then s.subject_id else h.member_id end
    where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2::timestamptz`,
};

interface TLiveSessionRow {
  id: number;
  kind: TStoredSessionKind;
  created_ms: number;
  last_used_ms: number;
  admin_id: number | null;
  admin_email: string;
  admin_first_name: string;
  admin_last_name: string;
  admin_kind: TAdminAccountRow['kind'];
  admin_is_staff: boolean;
  admin_validity_from: string | null;
  admin_validity_to: string | null;
  admin_is_active: boolean;
  member_id: number | null;
  member_email: string;
  member_first_name: string;
  member_last_name: string;
  household_id: number | null;
  household_member_id: number;
  household_email: string;
  household_has_password: boolean;
  household_may_edit_family: boolean;
  household_may_buy_tickets: boolean;
  person_first_name: string | null;
  person_last_name: string;
}

/** The row's accounts as `sessionSubjectOf` reads them; a table the session did not join is null. */
function subjectRowsOf(row: TLiveSessionRow): TSessionSubjectRows {
  return {
    account:
      row.admin_id === null
        ? null
        : {
            id: row.admin_id,
            email: row.admin_email,
            firstName: row.admin_first_name,
            lastName: row.admin_last_name,
            kind: row.admin_kind,
            isStaff: row.admin_is_staff,
            validityFrom: row.admin_validity_from,
            validityTo: row.admin_validity_to,
            isActive: row.admin_is_active,
          },
    member:
      row.member_id === null
        ? null
        : {
            id: row.member_id,
            email: row.member_email,
            firstName: row.member_first_name,
            lastName: row.member_last_name,
          },
    household:
      row.household_id === null
        ? null
        : {
            id: row.household_id,
            memberId: row.household_member_id,
            email: row.household_email,
            hasPassword: row.household_has_password,
            mayEditFamily: row.household_may_edit_family,
            mayBuyTickets: row.household_may_buy_tickets,
          },
    person:
      row.person_first_name === null
        ? null
        : { firstName: row.person_first_name, lastName: row.person_last_name },
  };
}

/** The caller behind a token, checked afresh on every request (a temp admin's window included). */
export async function resolveSession(ctx: TAppContext, token: string): Promise<TSessionResolution> {
  const now = ctx.clock.now();
  const [row] = await runPrepared<TLiveSessionRow>(ctx.database, LIVE_SESSION, [
    hashToken(token),
    now.toISOString(),
  ]);
  if (!row) return { principal: null, refusal: 'no-session' };
  const subject = sessionSubjectOf(row.kind, subjectRowsOf(row), {
    now,
    timeZone: ctx.config.timeZone,
  });
  if ('refusal' in subject) return { principal: null, refusal: subject.refusal };
  if (now.getTime() - row.last_used_ms >= TOUCH_INTERVAL_MS) {
    await touchSession(
      ctx.db,
      { id: row.id, kind: row.kind, createdAt: new Date(row.created_ms) },
      now,
    );
  }
  return { principal: { sessionId: row.id, ...subject } };
}

async function touchSession(
  db: TDbOrTx,
  session: { id: number; kind: TStoredSessionKind; createdAt: Date },
  now: Date,
): Promise<void> {
  const { id, kind } = session;
  const idleEnd = now.getTime() + SESSION_IDLE_MS[kind];
  const absoluteEnd = session.createdAt.getTime() + SESSION_ABSOLUTE_MS[kind];
  await db
    .update(sessions)
    .set({ lastUsedAt: now, expiresAt: new Date(Math.min(idleEnd, absoluteEnd)) })
    // The guard on last_used_at makes concurrent requests write once, not once each.
    .where(
      and(
        eq(sessions.id, id),
        lte(sessions.lastUsedAt, new Date(now.getTime() - TOUCH_INTERVAL_MS)),
      ),
    );
}

export async function revokeSession(db: TDbOrTx, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of an account, except `keepSessionId` (the caller's own, on a change). */
export async function revokeSessionsOf(
  db: TDbOrTx,
  account: { kinds: readonly TStoredSessionKind[]; subjectId: number; keepSessionId?: number },
  now: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        inArray(sessions.kind, [...account.kinds]),
        eq(sessions.subjectId, account.subjectId),
        isNull(sessions.revokedAt),
        account.keepSessionId === undefined ? undefined : ne(sessions.id, account.keepSessionId),
      ),
    );
}
