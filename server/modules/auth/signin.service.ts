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
  auditRow,
  writeAudit,
  type TAuditActor,
} from '../../lib/audit';
import type { TPrincipal } from '../../lib/auth';
import type { TAppContext } from '../../lib/context';
import { AppError, forbidden } from '../../lib/errors';
import {
  FIFTEEN_MINUTES,
  refundHit,
  refuseOverLimit,
  sweepEndedWindows,
} from '../../lib/rate-limit';
import {
  adminRefusal,
  adminSubject,
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
import {
  countAdminSignIn,
  countLoginHits,
  recordSignIn,
  type TLoginCounts,
  type TLoginRules,
} from './signin.repository';
import { newSessionRow, pruneEndedSessions, revokeSession } from './sessions';

const LOGIN_LIMITS = { perEmailAtAddress: 5, perAddress: 20, windowMs: FIFTEEN_MINUTES } as const;
const SLOWDOWN = { afterFailures: 5, stepMs: 500, maxMs: 5000 } as const;

function loginRules(email: string, ip: string): TLoginRules {
  const lower = email.toLowerCase();
  const rule = (key: string, limit: number) => ({ key, limit, windowMs: LOGIN_LIMITS.windowMs });
  return {
    email: rule(`login:email:${lower}`, SLOWDOWN.afterFailures),
    address: rule(`login:ip:${ip}`, LOGIN_LIMITS.perAddress),
    pair: rule(`login:pair:${lower}|${ip}`, LOGIN_LIMITS.perEmailAtAddress),
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
 * All three keys are counted, in one statement; only the pair and the address refuse. The wait
 * comes before the password is checked, so its length says nothing about the answer.
 */
async function admitAttempt(
  ctx: TAppContext,
  rules: TLoginRules,
  counts: TLoginCounts,
  now: Date,
): Promise<void> {
  await sweepEndedWindows(ctx.db, now);
  refuseOverLimit([rules.pair, rules.address], [counts.pair, counts.address], now);
  const delayMs = signInDelayMs(counts.email.hits);
  if (delayMs > 0) await sleep(delayMs);
}

/** What the session row stands for: the subject itself, or a household adult's own account. */
function storedSessionOf(subject: TSessionSubject) {
  return subject.household
    ? { kind: 'hh' as const, subjectId: subject.household.accountId }
    : { kind: subject.kind, subjectId: subject.subjectId };
}

/** A sign-in's writes, in one statement (signin.repository.ts). */
async function openSession(
  ctx: TAppContext,
  subject: TSessionSubject,
  rules: TLoginRules,
  origin: TRequestOrigin,
  now: Date,
) {
  const session = newSessionRow(
    { ...storedSessionOf(subject), ipAddress: origin.ip, userAgent: origin.userAgent },
    now,
  );
  const sessionId = await recordSignIn(ctx.database, {
    rules,
    now,
    audit: auditRow(auditAt(auditActorOf(subject, origin.ip), now), { message: 'Signed in' }),
    session: session.row,
  });
  await pruneEndedSessions(ctx.db, now);
  return { token: session.token, sessionId, expiresIn: session.expiresIn };
}

export async function signInAdmin(
  ctx: TAppContext,
  input: TSignInRequest,
  origin: TRequestOrigin,
): Promise<TAdminSignInResponse> {
  const now = ctx.clock.now();
  const rules = loginRules(input.email, origin.ip);
  const { counts, account } = await countAdminSignIn(ctx.database, rules, input.email, now);
  await admitAttempt(ctx, rules, counts, now);
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
  const rules = loginRules(input.email, origin.ip);
  await admitAttempt(ctx, rules, await countLoginHits(ctx.database, rules, now), now);
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
