/**
 * Spec 01 §4 and §7: registration signs the new member in without asking for the password again.
 * Safely: the checkout that starts a registration answers a one-time secret (only its hash is
 * stored, in the payment's details); the browser that started it keeps the secret and, on the
 * success screen, exchanges it once for a member session, and only once the payment is
 * confirmed. Anyone else, a second exchange, a pending or refunded payment: no session.
 */
import { and, eq, sql } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import type { TMemberSignInResponse } from '../../../domain/contracts/auth';
import type { TRegistrationSignInRequest } from '../../../domain/contracts/payments';
import { members, payments } from '../../db/schema';
import { auditActorOf, writeAudit } from '../../lib/audit';
import type { TAppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { FIFTEEN_MINUTES, takeHit } from '../../lib/rate-limit';
import { memberSubject, presentMemberUser } from '../auth/accounts';
import type { TRequestOrigin } from '../auth/origin';
import { createSession, hashToken, newToken } from '../auth/sessions';

export const REGISTRATION_SIGN_IN_REFUSED =
  'This sign-in link is not valid. Please sign in with your e-mail and password.';
export const REGISTRATION_NOT_CONFIRMED = 'The payment has not been confirmed yet.';
/** Tries per client address: the success screen needs one, a few more while Stripe confirms. */
const EXCHANGE_LIMIT = { perAddress: 30, windowMs: FIFTEEN_MINUTES } as const;

export function newSignInSecret(): { secret: string; hash: string } {
  const secret = newToken();
  return { secret, hash: hashToken(secret) };
}

export async function signInAfterRegistration(
  ctx: TAppContext,
  input: TRegistrationSignInRequest,
  origin: TRequestOrigin,
): Promise<TMemberSignInResponse> {
  const now = ctx.clock.now();
  await takeHit(
    ctx.db,
    [
      {
        key: `registration-sign-in:ip:${origin.ip}`,
        limit: EXCHANGE_LIMIT.perAddress,
        windowMs: EXCHANGE_LIMIT.windowMs,
      },
    ],
    now,
  );
  const secretHash = hashToken(input.secret);
  return ctx.db.transaction(async (tx) => {
    const ownCheckout = and(
      eq(payments.transactionId, input.transactionID),
      eq(payments.kind, 'registration'),
      sql`${payments.details}->>'signInSecretHash' = ${secretHash}`,
      sql`not (${payments.details} ? 'signInSecretUsedAt')`,
    );
    // One atomic claim: of two parallel exchanges, only one finds the secret unused
    const [claimed] = await tx
      .update(payments)
      .set({
        details: sql`${payments.details} || jsonb_build_object('signInSecretUsedAt', ${now.toISOString()}::text)`,
      })
      .where(
        and(
          ownCheckout,
          eq(payments.status, PAYMENT_STATUS_DONE),
          sql`${payments.memberId} is not null`,
        ),
      )
      .returning({ memberId: payments.memberId });
    if (!claimed?.memberId) {
      const [pending] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(ownCheckout, eq(payments.status, 'pending')));
      // The right browser before the provider confirmed: it may ask again
      if (pending) throw new AppError('PAYMENT_REQUIRED', REGISTRATION_NOT_CONFIRMED);
      throw new AppError('FORBIDDEN', REGISTRATION_SIGN_IN_REFUSED);
    }
    const [member] = await tx.select().from(members).where(eq(members.id, claimed.memberId));
    const subject = memberSubject(member);
    const session = await createSession(
      tx,
      { kind: 'mem', subjectId: member.id, ipAddress: origin.ip, userAgent: origin.userAgent },
      now,
    );
    await writeAudit(
      tx,
      { actor: auditActorOf(subject, origin.ip), method: 'POST', at: now },
      { message: `Signed in after paying registration ${input.transactionID}` },
    );
    return {
      authToken: session.token,
      expiresIn: session.expiresIn,
      user: presentMemberUser(member),
    };
  });
}
