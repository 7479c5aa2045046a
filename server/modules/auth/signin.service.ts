/**
 * Sign-in for admins (global admin, super user, temporary admin) and for members, and sign-out.
 * A failed sign-in says only "The login detail is incorrect", costs the same time whether the
 * e-mail exists or not, is logged with the address tried, and counts towards the brute-force
 * limits.
 */
import {
  LOGIN_INCORRECT_MESSAGE,
  TEMP_ADMIN_NOT_VALID_MESSAGE,
  type TAdminSignInResponse,
  type TMemberSignInResponse,
  type TSignInRequest,
} from '../../../domain/contracts/auth';
import { anonymousActor, auditActorOf, writeAudit, type TAuditActor } from '../../lib/audit';
import type { TPrincipal } from '../../lib/auth';
import type { TAppContext } from '../../lib/context';
import { AppError, forbidden } from '../../lib/errors';
import {
  clearHits,
  FIFTEEN_MINUTES,
  refundHit,
  takeHit,
  type TRateRule,
} from '../../lib/rate-limit';
import {
  adminRefusal,
  adminSubject,
  findAdminByEmail,
  findMemberByEmail,
  memberSubject,
  presentAdminUser,
  presentMemberUser,
  type TSessionSubject,
} from './accounts';
import type { TRequestOrigin } from './origin';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { createSession, revokeSession } from './sessions';

const LOGIN_LIMITS = { perEmail: 5, perAddress: 20, windowMs: FIFTEEN_MINUTES } as const;

function loginRules(email: string, ip: string): { email: TRateRule; address: TRateRule } {
  return {
    email: {
      key: `login:email:${email.toLowerCase()}`,
      limit: LOGIN_LIMITS.perEmail,
      windowMs: LOGIN_LIMITS.windowMs,
    },
    address: {
      key: `login:ip:${ip}`,
      limit: LOGIN_LIMITS.perAddress,
      windowMs: LOGIN_LIMITS.windowMs,
    },
  };
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

/** The hit is taken up front so parallel guesses cannot all pass; a success hands it back. */
async function guardAttempt(ctx: TAppContext, email: string, origin: TRequestOrigin, now: Date) {
  const rules = loginRules(email, origin.ip);
  await takeHit(ctx.db, [rules.email, rules.address], now);
  return rules;
}

async function openSession(
  ctx: TAppContext,
  subject: TSessionSubject,
  rules: ReturnType<typeof loginRules>,
  origin: TRequestOrigin,
  now: Date,
) {
  return ctx.db.transaction(async (tx) => {
    const session = await createSession(
      tx,
      {
        kind: subject.kind,
        subjectId: subject.subjectId,
        ipAddress: origin.ip,
        userAgent: origin.userAgent,
      },
      now,
    );
    // The address keeps its count of failures (one good account must not unlock guessing at
    // others); only this attempt's own hit is handed back.
    await refundHit(tx, [rules.address], now);
    await clearHits(tx, [rules.email.key]);
    await writeAudit(tx, auditAt(auditActorOf(subject, origin.ip), now), { message: 'Signed in' });
    return session;
  });
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
    await refundHit(ctx.db, [rules.email, rules.address], now);
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
  const passwordOk = member
    ? await verifyPassword(member.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!member || !passwordOk) return failSignIn(ctx, input.email, origin, now);

  const session = await openSession(ctx, memberSubject(member), rules, origin, now);
  return {
    authToken: session.token,
    expiresIn: session.expiresIn,
    user: presentMemberUser(member),
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
