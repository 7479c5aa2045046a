/**
 * Sign-in for admins (global admin, super user, temporary admin) and for members, and sign-out.
 * A failed sign-in says only "The login detail is incorrect", costs the same time whether the
 * e-mail exists or not, is logged with the address tried, and counts towards the brute-force
 * limits.
 *
 * Brute force is refused per client address and per (e-mail, address), never per e-mail alone:
 * otherwise anyone could lock an owner out by guessing at their e-mail from elsewhere. Guessing
 * at one e-mail from many addresses is slowed instead: past 5 failures in the window every try
 * at that e-mail waits before its password is checked, the right one from a clean address too.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import {
  LOGIN_INCORRECT_MESSAGE,
  TEMP_ADMIN_NOT_VALID_MESSAGE,
  type TAdminSignInResponse,
  type TMemberSignInResponse,
  type TSignInRequest,
} from '../../../domain/contracts/auth';
import {
  anonymousActor,
  auditActorOf,
  auditInsert,
  writeAudit,
  type TAuditActor,
} from '../../lib/audit';
import type { TPrincipal } from '../../lib/auth';
import type { TAppContext } from '../../lib/context';
import { AppError, forbidden } from '../../lib/errors';
import {
  clearHitsStatement,
  FIFTEEN_MINUTES,
  refundHit,
  refundHitStatement,
  takeHit,
  type TRateRule,
} from '../../lib/rate-limit';
import {
  adminRefusal,
  adminSubject,
  findAdminByEmail,
  findMemberByEmail,
  householdSubject,
  memberSubject,
  presentAdminUser,
  presentMemberUser,
  type TSessionSubject,
} from './accounts';
import {
  findHouseholdLoginByEmail,
  presentHouseholdUser,
  type THouseholdLogin,
} from '../household/household-accounts';
import type { TRequestOrigin } from './origin';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { newSessionInsert, pruneEndedSessions, revokeSession } from './sessions';

const LOGIN_LIMITS = { perEmailAtAddress: 5, perAddress: 20, windowMs: FIFTEEN_MINUTES } as const;
const SLOWDOWN = { afterFailures: 5, stepMs: 500, maxMs: 5000 } as const;

interface TLoginRules {
  address: TRateRule;
  pair: TRateRule;
  /** Counted, never refused: past its limit it only slows the tries at this e-mail. */
  email: TRateRule;
}

function loginRules(email: string, ip: string): TLoginRules {
  const lower = email.toLowerCase();
  const rule = (key: string, limit: number) => ({ key, limit, windowMs: LOGIN_LIMITS.windowMs });
  return {
    address: rule(`login:ip:${ip}`, LOGIN_LIMITS.perAddress),
    pair: rule(`login:pair:${lower}|${ip}`, LOGIN_LIMITS.perEmailAtAddress),
    email: rule(`login:email:${lower}`, SLOWDOWN.afterFailures),
  };
}

/** How long a try waits when its e-mail has `tries` (this one included) in the window. */
export function signInDelayMs(tries: number): number {
  const over = tries - SLOWDOWN.afterFailures;
  return over > 0 ? Math.min(over * SLOWDOWN.stepMs, SLOWDOWN.maxMs) : 0;
}

const incorrect = () => new AppError('UNAUTHENTICATED', LOGIN_INCORRECT_MESSAGE);

function auditAt(actor: TAuditActor, now: Date) {
  return { actor, method: 'POST', at: now };
}

async function failSignIn(
  ctx: TAppContext,
  email: string,
  origin: TRequestOrigin,
  now: Date,
): Promise<never> {
  await writeAudit(ctx.db, auditAt(anonymousActor(email, origin.ip), now), {
    message: 'Failed sign-in: the login detail is incorrect',
  });
  throw incorrect();
}

/**
 * The hits are taken up front so parallel guesses cannot all pass; a success hands them back.
 * The wait comes before the password is checked, so its length says nothing about the answer.
 */
async function guardAttempt(ctx: TAppContext, email: string, origin: TRequestOrigin, now: Date) {
  const rules = loginRules(email, origin.ip);
  // All three keys are counted; only the pair and the address refuse
  const [{ hits }] = await takeHit(ctx.db, [rules.pair, rules.address], now, undefined, [
    rules.email,
  ]);
  const delayMs = signInDelayMs(hits);
  if (delayMs > 0) await sleep(delayMs);
  return rules;
}

/** What the session row stands for: the subject itself, or a household adult's own account. */
function storedSessionOf(subject: TSessionSubject) {
  return subject.household
    ? { kind: 'hh' as const, subjectId: subject.household.accountId }
    : { kind: subject.kind, subjectId: subject.subjectId };
}

/**
 * A sign-in's writes as one statement: the session, this attempt's hit handed back to the
 * address (which keeps its count of failures: one good account must not unlock guessing at
 * others), the e-mail's and the pair's counts cleared, and the audit entry. One statement is one
 * atomic step on both databases, without the five round trips of a transaction around four.
 */
async function openSession(
  ctx: TAppContext,
  subject: TSessionSubject,
  rules: TLoginRules,
  origin: TRequestOrigin,
  now: Date,
) {
  const db = ctx.db;
  const session = newSessionInsert(
    db,
    { ...storedSessionOf(subject), ipAddress: origin.ip, userAgent: origin.userAgent },
    now,
  );
  const refund = refundHitStatement(db, [rules.address], now);
  const clear = clearHitsStatement(db, [rules.pair.key, rules.email.key]);
  const audit = auditInsert(db, auditAt(auditActorOf(subject, origin.ip), now), {
    message: 'Signed in',
  });
  const result = await db.execute<{ id: number }>(sql`with
    created as (${session.insert.getSQL()}),
    refunded as (${refund.getSQL()}),
    cleared as (${clear.getSQL()}),
    audited as (${audit.getSQL()})
    select id from created`);
  const [created] = (result as unknown as { rows: Array<{ id: number }> }).rows;
  await pruneEndedSessions(db, now);
  return { token: session.token, sessionId: Number(created.id), expiresIn: session.expiresIn };
}

export async function signInAdmin(
  ctx: TAppContext,
  input: TSignInRequest,
  origin: TRequestOrigin,
): Promise<TAdminSignInResponse> {
  const now = ctx.clock.now();
  const rules = await guardAttempt(ctx, input.email, origin, now);
  const account = await findAdminByEmail(ctx.db, input.email);
  const passwordOk = account
    ? await verifyPassword(account.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!account || !passwordOk || !account.isActive)
    return failSignIn(ctx, input.email, origin, now);

  if (adminRefusal(account, now, ctx.config.timeZone) === 'temp-admin-not-valid') {
    // Right password, wrong day: not a guess, so the hits are handed back.
    await refundHit(ctx.db, [rules.pair, rules.address, rules.email], now);
    await writeAudit(ctx.db, auditAt(auditActorOf(adminSubject(account), origin.ip), now), {
      message: 'Refused sign-in: temporary admin access is not valid today',
    });
    throw forbidden(TEMP_ADMIN_NOT_VALID_MESSAGE);
  }

  const session = await openSession(ctx, adminSubject(account), rules, origin, now);
  return {
    authToken: session.token,
    expiresIn: session.expiresIn,
    user: presentAdminUser(account),
  };
}

export async function signInMember(
  ctx: TAppContext,
  input: TSignInRequest,
  origin: TRequestOrigin,
): Promise<TMemberSignInResponse> {
  const now = ctx.clock.now();
  const rules = await guardAttempt(ctx, input.email, origin, now);
  const member = await findMemberByEmail(ctx.db, input.email);
  // The family's other adults sign in here too, each with their own e-mail (never a member's)
  const adult = member ? undefined : await findHouseholdLoginByEmail(ctx.db, input.email);
  const storedHash = member?.passwordHash ?? adult?.account.passwordHash;
  const passwordOk = storedHash
    ? await verifyPassword(storedHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!passwordOk) return failSignIn(ctx, input.email, origin, now);
  if (member) {
    const session = await openSession(ctx, memberSubject(member), rules, origin, now);
    return {
      authToken: session.token,
      expiresIn: session.expiresIn,
      user: presentMemberUser(member),
    };
  }
  if (!adult) return failSignIn(ctx, input.email, origin, now);
  const subject = householdSubject(adult.account, adult.person);
  const session = await openSession(ctx, subject, rules, origin, now);
  return {
    authToken: session.token,
    expiresIn: session.expiresIn,
    user: presentHouseholdUser(adult),
  };
}

/** Opens a household adult's first session, when they accept their invitation. */
export async function openHouseholdSession(
  ctx: TAppContext,
  login: THouseholdLogin,
  origin: TRequestOrigin,
  now: Date,
): Promise<TMemberSignInResponse> {
  const rules = loginRules(login.account.email, origin.ip);
  const subject = householdSubject(login.account, login.person);
  const session = await openSession(ctx, subject, rules, origin, now);
  return {
    authToken: session.token,
    expiresIn: session.expiresIn,
    user: presentHouseholdUser(login),
  };
}

/**
 * Ends the caller's own session and logs it from the session itself (DESIGN §3c): whatever the
 * client's sign-out body claims, the entry names the account that really signed out.
 */
export async function signOut(
  ctx: TAppContext,
  principal: TPrincipal,
  origin: TRequestOrigin,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, principal.sessionId, now);
    await writeAudit(tx, auditAt(auditActorOf(principal, origin.ip), now), {
      message: 'Signed out',
    });
  });
}
