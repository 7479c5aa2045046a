/**
 * Changing one's own password while signed in. The current password is asked for, so a session
 * left open on a shared computer cannot lock its owner out; the caller's other sessions end.
 */
import { eq } from 'drizzle-orm';
import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  type TChangePasswordRequest,
} from '../../../domain/contracts/auth';
import { adminAccounts, householdAccounts, members } from '../../db/schema';
import { auditActorOf, writeAudit } from '../../lib/audit';
import type { TPrincipal } from '../../lib/auth';
import type { TAppContext } from '../../lib/context';
import { invalid, unauthenticated } from '../../lib/errors';
import { FIFTEEN_MINUTES, refundHit, takeHit } from '../../lib/rate-limit';
import { findHouseholdLoginById } from '../household/household-accounts';
import { findAdminById, findMemberById } from './accounts';
import type { TRequestOrigin } from './origin';
import { hashPassword, verifyPassword } from './passwords';
import { revokeSessionsOf } from './sessions';

/** Wrong current passwords per account and window: a stolen session must not become a guesser. */
const CHANGE_LIMIT = { limit: 5, windowMs: FIFTEEN_MINUTES } as const;

/** The account whose password a principal changes: a household adult's own, not the family's. */
function ownAccountOf(principal: TPrincipal) {
  if (principal.household) return { kind: 'hh' as const, subjectId: principal.household.accountId };
  return { kind: principal.kind, subjectId: principal.subjectId };
}

async function currentHash(ctx: TAppContext, principal: TPrincipal): Promise<string | undefined> {
  if (principal.household) {
    const login = await findHouseholdLoginById(ctx.db, principal.household.accountId);
    return login?.account.passwordHash;
  }
  if (principal.kind === 'mem')
    return (await findMemberById(ctx.db, principal.subjectId))?.passwordHash;
  return (await findAdminById(ctx.db, principal.subjectId))?.passwordHash;
}

export async function changeOwnPassword(
  ctx: TAppContext,
  principal: TPrincipal,
  input: TChangePasswordRequest,
  origin: TRequestOrigin,
): Promise<void> {
  const now = ctx.clock.now();
  const own = ownAccountOf(principal);
  const rule = { key: `passchange:${own.kind}:${own.subjectId}`, ...CHANGE_LIMIT };
  await takeHit(ctx.db, [rule], now);
  const storedHash = await currentHash(ctx, principal);
  if (!storedHash) throw unauthenticated();
  if (!(await verifyPassword(storedHash, input.currentPassword))) {
    throw invalid(CURRENT_PASSWORD_WRONG_MESSAGE, {
      currentPassword: CURRENT_PASSWORD_WRONG_MESSAGE,
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    if (own.kind === 'hh') {
      await tx
        .update(householdAccounts)
        .set({ passwordHash, updatedAt: now })
        .where(eq(householdAccounts.id, own.subjectId));
    } else if (own.kind === 'mem') {
      await tx
        .update(members)
        .set({ passwordHash, updatedAt: now })
        .where(eq(members.id, principal.subjectId));
    } else {
      await tx
        .update(adminAccounts)
        .set({ passwordHash, updatedAt: now })
        .where(eq(adminAccounts.id, principal.subjectId));
    }
    await revokeSessionsOf(
      tx,
      { kinds: [own.kind], subjectId: own.subjectId, keepSessionId: principal.sessionId },
      now,
    );
    await refundHit(tx, [rule], now);
    await writeAudit(
      tx,
      { actor: auditActorOf(principal, origin.ip), method: 'POST', at: now },
      {
        message: 'Changed own password',
      },
    );
  });
}
