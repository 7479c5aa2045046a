/**
 * Bearer sessions (DESIGN §3): the token is 32 random bytes shown once; only its SHA-256 is kept.
 * A session ends after a spell without use (admins: a working day, members: 30 days), when it is
 * revoked, or when its account stops being usable. Using it slides the end forward, but the row
 * is written at most once a minute so busy screens do not turn every read into a write, and never
 * past an absolute limit from sign-in (admins: 7 days, members: 90 days), so a stolen token that
 * is kept busy still dies.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import {
  adminAccounts,
  familyMembers,
  householdAccounts,
  members,
  sessions,
  type TStoredSessionKind,
} from '../../db/schema';
import type { TPrincipal } from '../../lib/auth';
import type { TAppContext } from '../../lib/context';
import { sessionSubjectOf, type TSubjectRefusal } from './accounts';

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

/** The caller behind a token, checked afresh on every request (a temp admin's window included). */
export async function resolveSession(ctx: TAppContext, token: string): Promise<TSessionResolution> {
  const now = ctx.clock.now();
  // One query per request: the session by its unique token hash, with the account it stands for
  const [row] = await ctx.db
    .select({
      session: sessions,
      account: adminAccounts,
      member: members,
      household: householdAccounts,
      person: familyMembers,
    })
    .from(sessions)
    .leftJoin(
      adminAccounts,
      and(inArray(sessions.kind, ['ga', 'su']), eq(adminAccounts.id, sessions.subjectId)),
    )
    .leftJoin(
      householdAccounts,
      and(eq(sessions.kind, 'hh'), eq(householdAccounts.id, sessions.subjectId)),
    )
    .leftJoin(familyMembers, eq(familyMembers.id, householdAccounts.familyMemberId))
    .leftJoin(
      members,
      or(
        and(eq(sessions.kind, 'mem'), eq(members.id, sessions.subjectId)),
        eq(members.id, householdAccounts.memberId),
      ),
    )
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  if (!row) return { principal: null, refusal: 'no-session' };
  const { session } = row;
  const subject = sessionSubjectOf(session.kind, row, { now, timeZone: ctx.config.timeZone });
  if ('refusal' in subject) return { principal: null, refusal: subject.refusal };
  if (now.getTime() - session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchSession(ctx.db, session, now);
  }
  return { principal: { sessionId: session.id, ...subject } };
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
