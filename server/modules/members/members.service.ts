/**
 * Members (spec 02 §3, §7.1): the staff list, one member, the member's own details, and a family
 * entered by hand by staff. Every change is one transaction with its audit entry.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gte, isNull, not, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  EMAIL_TAKEN_MESSAGE,
  type TEmailAvailability,
  GIFT_RECEIVED,
  type TMember,
  type TMemberCreateParsed,
  type TMemberUpdateParsed,
} from '../../../domain/contracts/members';
import { fullName } from '../../../domain/display';
import type { TDb, TDbOrTx } from '../../db/client';
import { members, memberSearchText, membershipPlans } from '../../db/schema';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../auth/passwords';
import { deleteImage } from '../images/image-store';
import { assertBirthDatesNotFuture, assertFamilyFitsPlan } from '../family/family-rules';
import { freeDependentSlots, insertDependents, insertSpouse } from '../family/family-rows';
import { assertPlanOffered, findPlan } from '../plans/plan-rules';
import { emailHolder, isEmailTaken } from './member-email';
import { presentMember, type TMemberWithPlan } from './members.presenter';
import { isUniqueViolation } from '../../lib/database-errors';

/** "Now" as services need it: the instant, and the association's calendar day. */
export interface TMoment {
  now: Date;
  today: string;
}

function selectWithPlan(db: TDbOrTx) {
  return db
    .select({
      member: members,
      plan: { prefix: membershipPlans.prefix, membershipType: membershipPlans.membershipType },
    })
    .from(members)
    .leftJoin(membershipPlans, eq(members.planId, membershipPlans.id));
}

export async function findMemberWithPlan(db: TDbOrTx, memberId: number): Promise<TMemberWithPlan> {
  const [row] = await selectWithPlan(db).where(eq(members.id, memberId));
  if (!row) throw notFound('member');
  return row;
}

/** `like` treats % and _ as wildcards; a typed one must match itself. */
export function likeContaining(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The search term as the spec reads it: trimmed, any case; empty or "all" is no search. */
export function searchTermOf(search: string | undefined): string | undefined {
  const term = (search ?? '').trim().toLowerCase();
  return !term || term === 'all' ? undefined : term;
}

/** In force on `today` (DESIGN §3d), as SQL: the same rule as the presenter's `isInForce`. */
export function inForceCondition(today: string | SQLWrapper): SQL {
  return and(
    eq(members.isActive, true),
    or(isNull(members.validityTo), gte(members.validityTo, today)),
  ) as SQL;
}

export interface TMemberListFilter {
  search?: string;
  page: number;
  pageSize: number;
  /** 'true' in force today, 'false' not; absent for both. */
  active?: 'true' | 'false';
  /** 'true' received, 'false' not; '' or absent for both. */
  gift?: 'true' | 'false' | '';
  /** A plan prefix, or null for every type. */
  membertype?: string | null;
}

/**
 * The filter as SQL, for the exports; the member list applies the same rules to the roll in
 * memory (member-list.service.ts), and member-roll.test.ts holds the two together. The search
 * runs, case-insensitive, on the text the trigram index is built on (FamilyID, first, last,
 * "first last", e-mail, street).
 */
export function filterCondition(filter: TMemberListFilter, today: string): SQL | undefined {
  const term = searchTermOf(filter.search);
  return and(
    term !== undefined ? sql`${memberSearchText(members)} like ${likeContaining(term)}` : undefined,
    filter.active === 'true' ? inForceCondition(today) : undefined,
    filter.active === 'false' ? not(inForceCondition(today)) : undefined,
    filter.gift === 'true' ? eq(members.giftReceived, GIFT_RECEIVED) : undefined,
    filter.gift === 'false' ? eq(members.giftReceived, '') : undefined,
    filter.membertype ? eq(membershipPlans.prefix, filter.membertype) : undefined,
  );
}

export async function getMember(db: TDbOrTx, memberId: number, today: string): Promise<TMember> {
  return presentMember(await findMemberWithPlan(db, memberId), today);
}

function emailTaken(): never {
  throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
}

/**
 * The member's own form: names, e-mail, phone, address and, when one was uploaded (already in the
 * image store), a new profile image; the one it replaces is removed in the same transaction.
 */
export async function updateMemberDetails(
  db: TDb,
  audit: TAuditContext,
  memberId: number,
  input: TMemberUpdateParsed,
  moment: TMoment,
  imageId?: string,
): Promise<TMember> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(members)
        .where(eq(members.id, memberId))
        .for('update');
      if (!current) throw notFound('member');
      const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
      if (
        emailChanged &&
        (await isEmailTaken(tx, input.email, moment.now, { exceptMemberId: memberId }))
      ) {
        emailTaken();
      }
      await tx
        .update(members)
        .set({
          firstName: input.MemberFirstName,
          lastName: input.MemberLastName,
          email: input.email,
          contactPhone: input.contactPhone,
          street: input.street,
          city: input.city,
          state: input.state,
          zipcode: input.zipcode,
          ...(imageId ? { memberImage: imageId } : {}),
          updatedAt: moment.now,
        })
        .where(eq(members.id, memberId));
      if (imageId && current.memberImage) await deleteImage(tx, current.memberImage);
      const changes = [
        emailChanged && `e-mail ${current.email} → ${input.email}`,
        imageId && 'new profile image',
      ].filter(Boolean);
      await writeAudit(tx, audit, {
        message: `Updated member ${memberId} (${fullName(input.MemberFirstName, input.MemberLastName)})${changes.length ? `: ${changes.join(', ')}` : ''}`,
      });
      return presentMember(await findMemberWithPlan(tx, memberId), moment.today);
    });
  } catch (error) {
    if (isUniqueViolation(error)) emailTaken();
    throw error;
  }
}

/**
 * A family entered by staff. It stays inactive, without FamilyPlanId and with no dependents paid
 * for until its first payment (checkout kind `renewal`), which activates it.
 */
export async function createMember(
  db: TDb,
  audit: TAuditContext,
  input: TMemberCreateParsed,
  moment: TMoment,
): Promise<TMember> {
  assertBirthDatesNotFuture(
    {
      'member.dateOfBirth': input.member.dateOfBirth,
      'spouse.spousedateOfBirth': input.spouse?.spousedateOfBirth,
      ...Object.fromEntries(
        input.dependents.map((d, i) => [`dependents.${i}.dateOfBirth`, d.dateOfBirth]),
      ),
    },
    moment.today,
  );
  // Without a password nobody can sign in until the member sets one through "forgot password"
  const passwordHash = await hashPassword(
    input.member.password ?? randomBytes(32).toString('base64url'),
  );
  try {
    return await db.transaction(async (tx) => {
      const plan = await findPlan(tx, input.planId);
      assertPlanOffered(plan, moment.today);
      assertFamilyFitsPlan(plan, {
        spouse: input.spouse !== null,
        dependents: input.dependents.length,
      });
      if (await isEmailTaken(tx, input.member.email, moment.now)) emailTaken();
      const { member: details } = input;
      const [created] = await tx
        .insert(members)
        .values({
          planId: plan.id,
          firstName: details.MemberFirstName,
          lastName: details.MemberLastName,
          email: details.email,
          passwordHash,
          contactPhone: details.contactPhone,
          street: details.street,
          city: details.city,
          state: details.state,
          zipcode: details.zipcode,
          dateOfBirth: details.dateOfBirth,
          isActive: false,
          createdAt: moment.now,
          updatedAt: moment.now,
        })
        .returning({ id: members.id });
      if (input.spouse) await insertSpouse(tx, created.id, input.spouse, moment.now);
      await insertDependents(tx, created.id, input.dependents, freeDependentSlots([]), moment.now);
      await writeAudit(tx, audit, {
        message: `Created member ${created.id} (${fullName(details.MemberFirstName, details.MemberLastName)}) on plan ${plan.prefix}, inactive until paid`,
      });
      return presentMember(await findMemberWithPlan(tx, created.id), moment.today);
    });
  } catch (error) {
    if (isUniqueViolation(error)) emailTaken();
    throw error;
  }
}

/** `GET /api/membercheckemail/:email`: free, a member's, or held by a checkout until when. */
export async function emailAvailability(
  db: TDb,
  email: string,
  now: Date,
): Promise<TEmailAvailability> {
  const holder = await emailHolder(db, email, now);
  if (!holder) return { available: true };
  if (holder.by === 'member') return { available: false };
  return { available: false, paymentInProgressUntil: holder.until.toISOString() };
}

/** Staff's gift flag and notes (spec 02 §2.9): only the fields sent change. */
export async function updateMemberLimited(
  db: TDb,
  audit: TAuditContext,
  memberId: number,
  input: { giftrecieved?: '' | 'received'; notes?: string },
  moment: TMoment,
): Promise<TMember> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(members)
      .set({
        ...(input.giftrecieved !== undefined ? { giftReceived: input.giftrecieved } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        updatedAt: moment.now,
      })
      .where(eq(members.id, memberId))
      .returning({ id: members.id });
    if (!updated) throw notFound('member');
    const changes = [
      input.giftrecieved !== undefined &&
        `gift ${input.giftrecieved === GIFT_RECEIVED ? 'received' : 'not received'}`,
      input.notes !== undefined && 'notes',
    ].filter(Boolean);
    await writeAudit(tx, audit, {
      message: `Updated member ${memberId}: ${changes.join(', ')}`,
    });
    return presentMember(await findMemberWithPlan(tx, memberId), moment.today);
  });
}
