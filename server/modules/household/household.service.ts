/**
 * Household sign-in (issue 15): the main member invites the family's other adults, each of whom
 * then signs in with their own e-mail and password to the same family. Only the main member
 * invites, sets rights and revokes; an adult sets their own mail opt-in. Every change is audited.
 */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import {
  ALREADY_SIGNS_IN_MESSAGE,
  HOUSEHOLD_EMAIL_TAKEN_MESSAGE,
  HOUSEHOLD_INVITE_TTL_DAYS,
  INVITATION_INVALID_MESSAGE,
  isAdultOn,
  NOT_AN_ADULT_MESSAGE,
  type THouseholdAdult,
  type THouseholdRightsChange,
} from '../../../domain/contracts/household';
import type { TMemberSignInResponse } from '../../../domain/contracts/auth';
import { fullName } from '../../../domain/display';
import type { TTx } from '../../db/client';
import {
  familyMembers,
  householdAccounts,
  type TFamilyMemberRow,
  type THouseholdAccountRow,
} from '../../db/schema';
import { anonymousActor, writeAudit, type TAuditContext } from '../../lib/audit';
import { assertHouseholdRight, type TPrincipal } from '../../lib/auth';
import type { TAppContext } from '../../lib/context';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { FIFTEEN_MINUTES, takeHit } from '../../lib/rate-limit';
import { hashPassword } from '../auth/passwords';
import type { TRequestOrigin } from '../auth/origin';
import { hashToken, newToken, revokeSessionsOf } from '../auth/sessions';
import { openHouseholdSession } from '../auth/signin.service';
import { lockFamilyHead } from '../family/family.service';
import { enqueueMail } from '../mail/outbox';
import { emailHolder } from '../members/member-email';
import type { TMoment } from '../members/members.service';
import { isUniqueViolation } from '../../lib/database-errors';
import { findHouseholdLoginById, householdHoldsEmail } from './household-accounts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Tries at an invitation link from one client address. */
const ACCEPT_LIMIT = { limit: 10, windowMs: FIFTEEN_MINUTES } as const;

function isEligible(person: TFamilyMemberRow, today: string): boolean {
  if (!person.email) return false;
  return person.relation === 'spouse' || isAdultOn(person.dateOfBirth, today);
}

function stateOf(account: THouseholdAccountRow | null): THouseholdAdult['state'] {
  if (!account) return 'none';
  return account.passwordHash ? 'active' : 'invited';
}

function presentAdult(
  person: TFamilyMemberRow,
  account: THouseholdAccountRow | null,
  today: string,
): THouseholdAdult {
  return {
    familyMemberId: person.id,
    relation: person.relation,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    eligible: isEligible(person, today),
    state: stateOf(account),
    account: account && {
      id: account.id,
      email: account.email,
      mayEditFamily: account.mayEditFamily,
      mayBuyTickets: account.mayBuyTickets,
      mailOptIn: account.mailOptIn,
      inviteExpiresAt: account.inviteExpiresAt?.toISOString() ?? null,
      acceptedAt: account.acceptedAt?.toISOString() ?? null,
    },
  };
}

/** The family's spouse and dependents with their sign-ins; every adult of the family sees it. */
export async function listHousehold(
  ctx: TAppContext,
  memberId: number,
  today: string,
): Promise<THouseholdAdult[]> {
  const rows = await ctx.db
    .select({ person: familyMembers, account: householdAccounts })
    .from(familyMembers)
    .leftJoin(householdAccounts, eq(householdAccounts.familyMemberId, familyMembers.id))
    .where(eq(familyMembers.memberId, memberId))
    .orderBy(asc(familyMembers.slot));
  return rows.map((row) => presentAdult(row.person, row.account, today));
}

function invitationLink(ctx: TAppContext, token: string): string {
  return `${ctx.config.publicUrl}/#/household/accept/${token}`;
}

function invitationText(ctx: TAppContext, person: TFamilyMemberRow, inviter: string, link: string) {
  return [
    `Hello ${person.firstName},`,
    '',
    `${inviter} invites you to sign in to your family's ${ctx.config.orgName} membership with your own e-mail and password.`,
    `Open this link within ${HOUSEHOLD_INVITE_TTL_DAYS} days to choose your password:`,
    '',
    link,
    '',
    'The link works once. If you did not expect it, ignore this e-mail.',
  ].join('\n');
}

/** Refuses an e-mail any other sign-in holds: a member, another adult, a joining checkout. */
async function assertEmailFree(tx: TTx, email: string, familyMemberId: number, now: Date) {
  const heldByOtherAdult = await householdHoldsEmail(tx, email, familyMemberId);
  if (heldByOtherAdult || (await memberEmailHolder(tx, email, now)) !== null) {
    throw conflict(HOUSEHOLD_EMAIL_TAKEN_MESSAGE, { email: HOUSEHOLD_EMAIL_TAKEN_MESSAGE });
  }
}

/** Who holds an e-mail besides household sign-ins (those are checked apart). */
function memberEmailHolder(tx: TTx, email: string, now: Date) {
  return emailHolder(tx, email, now, { ignoreHousehold: true });
}

/** The main member invites the spouse or a grown dependent: a single-use link, mailed. */
export async function inviteAdult(
  ctx: TAppContext,
  audit: TAuditContext,
  principal: TPrincipal,
  familyMemberId: number,
  moment: TMoment,
): Promise<THouseholdAdult> {
  assertHouseholdRight(principal, 'main');
  const memberId = principal.subjectId;
  const token = newToken();
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockFamilyHead(tx, memberId);
      const [person] = await tx
        .select()
        .from(familyMembers)
        .where(and(eq(familyMembers.id, familyMemberId), eq(familyMembers.memberId, memberId)));
      if (!person) throw notFound('family member');
      if (!isEligible(person, moment.today) || !person.email) throw invalid(NOT_AN_ADULT_MESSAGE);
      const email = person.email.trim().toLowerCase();
      const [existing] = await tx
        .select()
        .from(householdAccounts)
        .where(eq(householdAccounts.familyMemberId, person.id));
      if (existing?.passwordHash) throw conflict(ALREADY_SIGNS_IN_MESSAGE);
      await assertEmailFree(tx, email, person.id, moment.now);
      const invitation = {
        email,
        inviteTokenHash: hashToken(token),
        inviteExpiresAt: new Date(moment.now.getTime() + HOUSEHOLD_INVITE_TTL_DAYS * DAY_MS),
        updatedAt: moment.now,
      };
      const [account] = existing
        ? await tx
            .update(householdAccounts)
            .set(invitation)
            .where(eq(householdAccounts.id, existing.id))
            .returning()
        : await tx
            .insert(householdAccounts)
            .values({ ...invitation, memberId, familyMemberId: person.id, createdAt: moment.now })
            .returning();
      await enqueueMail(
        tx,
        {
          to: email,
          subject: `${ctx.config.orgName}: your own sign-in to your family's membership`,
          text: invitationText(ctx, person, principal.name, invitationLink(ctx, token)),
        },
        { now: moment.now },
      );
      await writeAudit(tx, audit, {
        message: `Invited ${fullName(person.firstName, person.lastName)} (${email}) to sign in to the family`,
      });
      return presentAdult(person, account, moment.today);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(HOUSEHOLD_EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

/** The invited adult sets their password with the link and is signed in. The link works once. */
export async function acceptInvitation(
  ctx: TAppContext,
  token: string,
  password: string,
  origin: TRequestOrigin,
): Promise<TMemberSignInResponse> {
  const now = ctx.clock.now();
  await takeHit(ctx.db, [{ key: `household-accept:ip:${origin.ip}`, ...ACCEPT_LIMIT }], now);
  // One conditional update claims the link before any hashing (a made-up token costs nothing)
  // and two clicks racing cannot both use it.
  const [claimed] = await ctx.db
    .update(householdAccounts)
    .set({ inviteTokenHash: null, inviteExpiresAt: null, updatedAt: now })
    .where(
      and(
        eq(householdAccounts.inviteTokenHash, hashToken(token)),
        gt(householdAccounts.inviteExpiresAt, now),
        isNull(householdAccounts.passwordHash),
      ),
    )
    .returning();
  if (!claimed) {
    await writeAudit(
      ctx.db,
      { actor: anonymousActor('', origin.ip), method: 'POST', at: now },
      { message: 'Refused a household invitation link: used, expired or unknown' },
    );
    throw invalid(INVITATION_INVALID_MESSAGE);
  }
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    // A member may have joined with this e-mail since the invitation was sent
    if ((await memberEmailHolder(tx, claimed.email, now)) !== null)
      throw conflict(HOUSEHOLD_EMAIL_TAKEN_MESSAGE);
    await tx
      .update(householdAccounts)
      .set({ passwordHash, acceptedAt: now, updatedAt: now })
      .where(eq(householdAccounts.id, claimed.id));
  });
  const login = await findHouseholdLoginById(ctx.db, claimed.id);
  if (!login) throw invalid(INVITATION_INVALID_MESSAGE);
  await writeAudit(
    ctx.db,
    {
      actor: {
        user: fullName(login.person.firstName, login.person.lastName),
        email: login.account.email,
        userType: 'Member',
        ipAddress: origin.ip,
      },
      method: 'POST',
      at: now,
    },
    { message: 'Accepted the household invitation and set a password' },
  );
  return openHouseholdSession(ctx, login, origin, now);
}

async function ownAccount(
  ctx: TAppContext,
  principal: TPrincipal,
  accountId: number,
): Promise<{ account: THouseholdAccountRow; person: TFamilyMemberRow }> {
  const [row] = await ctx.db
    .select({ account: householdAccounts, person: familyMembers })
    .from(householdAccounts)
    .innerJoin(familyMembers, eq(familyMembers.id, householdAccounts.familyMemberId))
    .where(
      and(eq(householdAccounts.id, accountId), eq(householdAccounts.memberId, principal.subjectId)),
    );
  if (!row) throw notFound('household sign-in');
  return row;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The main member sets what an adult may change; it holds from the adult's next request on. */
export async function setHouseholdRights(
  ctx: TAppContext,
  audit: TAuditContext,
  principal: TPrincipal,
  accountId: number,
  rights: THouseholdRightsChange,
  today: string,
): Promise<THouseholdAdult> {
  assertHouseholdRight(principal, 'main');
  const { person } = await ownAccount(ctx, principal, accountId);
  return ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .update(householdAccounts)
      .set({ ...rights, updatedAt: audit.at })
      .where(eq(householdAccounts.id, accountId))
      .returning();
    await writeAudit(tx, audit, {
      message:
        `Household permissions of ${fullName(person.firstName, person.lastName)} (${account.email}): ` +
        `edit family ${yesNo(rights.mayEditFamily)}, buy member tickets ${yesNo(rights.mayBuyTickets)}`,
    });
    return presentAdult(person, account, today);
  });
}

/** The main member takes an adult's sign-in away: the account goes, its sessions end at once. */
export async function revokeHouseholdAccess(
  ctx: TAppContext,
  audit: TAuditContext,
  principal: TPrincipal,
  accountId: number,
): Promise<void> {
  assertHouseholdRight(principal, 'main');
  const { account, person } = await ownAccount(ctx, principal, accountId);
  await ctx.db.transaction(async (tx) => {
    await revokeSessionsOf(tx, { kinds: ['hh'], subjectId: account.id }, audit.at);
    await tx.delete(householdAccounts).where(eq(householdAccounts.id, account.id));
    await writeAudit(tx, audit, {
      message: `Revoked the household sign-in of ${fullName(person.firstName, person.lastName)} (${account.email})`,
    });
  });
}

/** An adult chooses for themself whether mail to members reaches them. */
export async function setOwnMailChoice(
  ctx: TAppContext,
  audit: TAuditContext,
  principal: TPrincipal,
  mailOptIn: boolean,
): Promise<void> {
  const household = principal.household;
  if (!household) throw forbidden('Only another adult of the family chooses this for themself.');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(householdAccounts)
      .set({ mailOptIn, updatedAt: audit.at })
      .where(eq(householdAccounts.id, household.accountId));
    await writeAudit(tx, audit, {
      message: mailOptIn
        ? 'Agreed to receive mail to members'
        : 'Stopped receiving mail to members',
    });
  });
}
