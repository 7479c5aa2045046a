/**
 * Changing one's own password while signed in. The current password is asked for, so a session
 * left open on a shared computer cannot lock its owner out; the caller's other sessions end.
 */
import { eq } from 'drizzle-orm';
import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  type TChangePasswordRequest,
} from '../../../domain/contracts/auth';
import { adminAccounts, members } from '../../db/schema';
import { auditActorOf, writeAudit } from '../../lib/audit';
import type { TPrincipal } from '../../lib/auth';
import type { TAppContext } from '../../lib/context';
import { invalid, unauthenticated } from '../../lib/errors';
import { FIFTEEN_MINUTES, refundHit, takeHit } from '../../lib/rate-limit';
import { findAdminById, findMemberById } from './accounts';
import type { TRequestOrigin } from './origin';
import { hashPassword, verifyPassword } from './passwords';
import { revokeSessionsOf } from './sessions';

/** Wrong current passwords per account and window: a stolen session must not become a guesser. */
const CHANGE_LIMIT = { limit: 5, windowMs: FIFTEEN_MINUTES } as const;

async function currentHash(ctx: TAppContext, principal: TPrincipal): Promise<string | undefined> {
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
  const rule = { key: `passchange:${principal.kind}:${principal.subjectId}`, ...CHANGE_LIMIT };
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
    if (principal.kind === 'mem') {
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
      {
        kinds: [principal.kind],
        subjectId: principal.subjectId,
        keepSessionId: principal.sessionId,
      },
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
