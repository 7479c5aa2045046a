/**
 * Forgotten passwords: an e-mailed single-use link valid one hour. The request answers the same,
 * and after the same time, whether the address has an account or not, and is rate limited so it
 * cannot be used to spam. Using the link sets the new password and ends every session of the
 * account; it is rate limited per client address, and a made-up token costs no hashing.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { RESET_LINK_INVALID_MESSAGE } from '../../../domain/contracts/auth';
import type { TTx } from '../../db/client';
import {
  adminAccounts,
  householdAccounts,
  members,
  passwordResetTokens,
  RESET_ACCOUNT_KINDS,
  type TStoredSessionKind,
} from '../../db/schema';
import { findHouseholdLoginByEmail, findHouseholdLoginById } from '../household/household-accounts';
import { anonymousActor, auditActorOf, writeAudit } from '../../lib/audit';
import type { TAppContext } from '../../lib/context';
import { invalid } from '../../lib/errors';
import { FIFTEEN_MINUTES, takeHit } from '../../lib/rate-limit';
import { enqueueMail } from '../mail/outbox';
import {
  adminSubject,
  findAdminByEmail,
  findAdminById,
  findMemberByEmail,
  findMemberById,
  householdSubject,
  memberSubject,
  type TSessionSubject,
} from './accounts';
import { hashPassword } from './passwords';
import { hashToken, newToken, revokeSessionsOf } from './sessions';
import type { TRequestOrigin } from './origin';

export type TAccountAudience = 'admin' | 'member';

const RESET_LINK_TTL_MS = 60 * 60 * 1000;
const RESET_LIMITS = { perEmail: 5, perAddress: 20, windowMs: FIFTEEN_MINUTES } as const;
/** Tries at a link from one client address; a person needs one or two. */
const RESET_USE_LIMIT = { perAddress: 10, windowMs: FIFTEEN_MINUTES } as const;
/**
 * A request answers no sooner than this (ms). A known address does more work (a link, a mail)
 * than an unknown one, about 4 ms more, which its answer time would otherwise tell.
 */
export const RESET_REQUEST_ANSWER_MS = 250;

type TResetAccountKind = (typeof RESET_ACCOUNT_KINDS)[number];

const SESSION_KINDS_OF = {
  admin: ['ga', 'su'],
  member: ['mem'],
  household: ['hh'],
} as const satisfies Record<TResetAccountKind, readonly TStoredSessionKind[]>;
/** The member reset link serves the family's other adults too (their own household sign-in). */
const ACCOUNT_KINDS_OF: Record<TAccountAudience, TResetAccountKind[]> = {
  admin: ['admin'],
  member: ['member', 'household'],
};

interface TResetSubject {
  accountKind: TResetAccountKind;
  /** The id the link is kept under: the admin's, the member's or the household account's. */
  accountId: number;
  subject: TSessionSubject;
  firstName: string;
}

async function findSubjectByEmail(
  ctx: TAppContext,
  audience: TAccountAudience,
  email: string,
): Promise<TResetSubject | undefined> {
  if (audience === 'member') {
    const member = await findMemberByEmail(ctx.db, email);
    if (member) {
      const subject = memberSubject(member);
      return { accountKind: 'member', accountId: member.id, subject, firstName: member.firstName };
    }
    const adult = await findHouseholdLoginByEmail(ctx.db, email);
    return (
      adult && {
        accountKind: 'household',
        accountId: adult.account.id,
        subject: householdSubject(adult.account, adult.person),
        firstName: adult.person.firstName,
      }
    );
  }
  const account = await findAdminByEmail(ctx.db, email);
  return account?.isActive
    ? {
        accountKind: 'admin',
        accountId: account.id,
        subject: adminSubject(account),
        firstName: account.firstName,
      }
    : undefined;
}

function resetLink(ctx: TAppContext, audience: TAccountAudience, token: string): string {
  return `${ctx.config.publicUrl}/#/auth/reset/${audience}/${token}`;
}

function resetMailText(ctx: TAppContext, firstName: string, link: string): string {
  return [
    `Hello ${firstName},`,
    '',
    `Someone, hopefully you, asked to reset the password of your ${ctx.config.orgName} account.`,
    'Open this link within one hour to choose a new password:',
    '',
    link,
    '',
    'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  ].join('\n');
}

export async function requestPasswordReset(
  ctx: TAppContext,
  audience: TAccountAudience,
  email: string,
  origin: TRequestOrigin,
): Promise<void> {
  const startedAt = performance.now();
  await sendResetLink(ctx, audience, email, origin);
  const rest = RESET_REQUEST_ANSWER_MS - (performance.now() - startedAt);
  if (rest > 0) await sleep(rest);
}

async function sendResetLink(
  ctx: TAppContext,
  audience: TAccountAudience,
  email: string,
  origin: TRequestOrigin,
): Promise<void> {
  const now = ctx.clock.now();
  await takeHit(
    ctx.db,
    [
      {
        key: `reset:email:${email.toLowerCase()}`,
        limit: RESET_LIMITS.perEmail,
        windowMs: RESET_LIMITS.windowMs,
      },
      {
        key: `reset:ip:${origin.ip}`,
        limit: RESET_LIMITS.perAddress,
        windowMs: RESET_LIMITS.windowMs,
      },
    ],
    now,
  );
  const found = await findSubjectByEmail(ctx, audience, email);
  const audit = { method: 'POST', at: now };
  if (!found) {
    await writeAudit(
      ctx.db,
      { ...audit, actor: anonymousActor(email, origin.ip) },
      {
        message: `Password reset asked for an e-mail without ${audience} account`,
      },
    );
    return;
  }
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    // Only the newest link works: an older one lying in a mailbox is retired.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.accountKind, found.accountKind),
          eq(passwordResetTokens.subjectId, found.accountId),
          isNull(passwordResetTokens.usedAt),
        ),
      );
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      accountKind: found.accountKind,
      subjectId: found.accountId,
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
      createdAt: now,
    });
    await enqueueMail(
      tx,
      {
        to: found.subject.email,
        subject: `${ctx.config.orgName}: reset your password`,
        text: resetMailText(ctx, found.firstName, resetLink(ctx, audience, token)),
      },
      { now },
    );
    await writeAudit(
      tx,
      { ...audit, actor: anonymousActor(email, origin.ip) },
      {
        message: 'Password reset link sent',
      },
    );
  });
}

async function setPassword(
  tx: TTx,
  accountKind: TResetAccountKind,
  subjectId: number,
  passwordHash: string,
  now: Date,
): Promise<TSessionSubject | undefined> {
  if (accountKind === 'household') {
    await tx
      .update(householdAccounts)
      .set({ passwordHash, updatedAt: now })
      .where(eq(householdAccounts.id, subjectId));
    const adult = await findHouseholdLoginById(tx, subjectId);
    return adult && householdSubject(adult.account, adult.person);
  }
  if (accountKind === 'admin') {
    await tx
      .update(adminAccounts)
      .set({ passwordHash, updatedAt: now })
      .where(eq(adminAccounts.id, subjectId));
    const account = await findAdminById(tx, subjectId);
    return account && adminSubject(account);
  }
  await tx.update(members).set({ passwordHash, updatedAt: now }).where(eq(members.id, subjectId));
  const member = await findMemberById(tx, subjectId);
  return member && memberSubject(member);
}

export async function resetPassword(
  ctx: TAppContext,
  audience: TAccountAudience,
  token: string,
  password: string,
  origin: TRequestOrigin,
): Promise<void> {
  const now = ctx.clock.now();
  await takeHit(
    ctx.db,
    [
      {
        key: `reset-use:ip:${origin.ip}`,
        limit: RESET_USE_LIMIT.perAddress,
        windowMs: RESET_USE_LIMIT.windowMs,
      },
    ],
    now,
  );
  // One conditional update claims the link before any hashing, so a made-up token costs no
  // argon2 time and two clicks racing cannot both use it. A body that failed validation never
  // got here, so it left the link usable.
  const [claimed] = await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        inArray(passwordResetTokens.accountKind, ACCOUNT_KINDS_OF[audience]),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({
      subjectId: passwordResetTokens.subjectId,
      accountKind: passwordResetTokens.accountKind,
    });
  if (!claimed) throw invalid(RESET_LINK_INVALID_MESSAGE);
  // Hashing is slow on purpose; it happens outside the transaction so no row waits on it.
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const { accountKind, subjectId } = claimed;
    const subject = await setPassword(tx, accountKind, subjectId, passwordHash, now);
    if (!subject) throw invalid(RESET_LINK_INVALID_MESSAGE);
    await revokeSessionsOf(tx, { kinds: SESSION_KINDS_OF[accountKind], subjectId }, now);
    await writeAudit(
      tx,
      { actor: auditActorOf(subject, origin.ip), method: 'POST', at: now },
      {
        message: 'Password reset with an e-mailed link',
      },
    );
  });
}
