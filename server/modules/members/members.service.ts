/**
 * Members (spec 02 §3, §7.1): the staff list, one member, the member's own details, and a family
 * entered by hand by staff. Every change is one transaction with its audit entry.
 */
import { randomBytes } from 'node:crypto';
import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  EMAIL_TAKEN_MESSAGE,
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
import { assertBirthDatesNotFuture, assertFamilyFitsPlan } from '../family/family-rules';
import { freeDependentSlots, insertDependents, insertSpouse } from '../family/family-rows';
import { assertPlanOffered, findPlan } from '../plans/plan-rules';
import { isEmailTaken } from './member-email';
import { presentMember, type TMemberWithPlan } from './members.presenter';
import { isUniqueViolation } from './unique-violation';

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
function likeContaining(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The spec's search (FamilyID, name, e-mail, street); empty or "all" matches everyone. */
function searchCondition(search: string | undefined): SQL | undefined {
  const term = (search ?? '').trim().toLowerCase();
  if (!term || term === 'all') return undefined;
  return sql`${memberSearchText(members)} like ${likeContaining(term)}`;
}

export async function listMembers(
  db: TDb,
  query: { search?: string; page: number; pageSize: number },
  today: string,
): Promise<{ member: TMember[]; total: number; page: number; pageSize: number }> {
  const where = searchCondition(query.search);
  const [{ total }] = await db.select({ total: count() }).from(members).where(where);
  const rows = await selectWithPlan(db)
    .where(where)
    .orderBy(asc(members.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    member: rows.map((row) => presentMember(row, today)),
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getMember(db: TDb, memberId: number, today: string): Promise<TMember> {
  return presentMember(await findMemberWithPlan(db, memberId), today);
}

function emailTaken(): never {
  throw conflict(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
}

/** The member's own form: names, e-mail, phone and address. */
export async function updateMemberDetails(
  db: TDb,
  audit: TAuditContext,
  memberId: number,
  input: TMemberUpdateParsed,
  moment: TMoment,
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
          updatedAt: moment.now,
        })
        .where(eq(members.id, memberId));
      await writeAudit(tx, audit, {
        message: `Updated member ${memberId} (${fullName(input.MemberFirstName, input.MemberLastName)})${emailChanged ? `: e-mail ${current.email} → ${input.email}` : ''}`,
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

export async function isEmailAvailable(db: TDb, email: string, now: Date): Promise<boolean> {
  return !(await isEmailTaken(db, email, now));
}
