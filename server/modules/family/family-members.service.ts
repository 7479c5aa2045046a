/**
 * The spouse and dependent rows of one family (`/api/family`). A member works on their own
 * family, staff on any. Adding a dependent refills a free slot up to the number paid for; past
 * it the member pays through checkout kind `dependents` (402), and never past the plan's limit.
 */
import { eq } from 'drizzle-orm';
import {
  dependentsPaymentMessage,
  NO_SPOUSE_IN_PLAN_MESSAGE,
  SPOUSE_EXISTS_MESSAGE,
  type TFamilyMember,
} from '../../../domain/contracts/family';
import type { TDependentInput, TSpouseInput } from '../../../domain/contracts/members';
import { maxDependentsMessage } from '../../../domain/contracts/plans';
import type { TDb, TTx } from '../../db/client';
import {
  familyMembers,
  type TFamilyMemberRow,
  type TMembershipPlanRow,
  type TMemberRow,
} from '../../db/schema';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import { assertMemberAccess, type TPrincipal } from '../../lib/auth';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import type { TMoment } from '../members/members.service';
import { dependentCap } from '../plans/plan-rules';
import { assertBirthDatesNotFuture } from './family-rules';
import {
  dependentValues,
  dependentsOf,
  familyRowsOf,
  freeDependentSlots,
  insertDependents,
  insertSpouse,
  spouseValues,
} from './family-rows';
import { presentFamilyMember } from './family.presenter';
import { describeFamilyMember, lockFamilyHead, planOfMember } from './family.service';

export type TFamilyChange =
  ({ relation: 'spouse' } & TSpouseInput) | ({ relation: 'dependent' } & TDependentInput);

/** The family a request is about: staff name it, a member's own is the default. */
export function familyScope(principal: TPrincipal | null, memberId: number | undefined): number {
  if (memberId !== undefined) {
    assertMemberAccess(principal, memberId);
    return memberId;
  }
  if (principal?.role === 'member') return principal.subjectId;
  throw invalid('Name the family with memberId.', { memberId: 'Name the family with memberId.' });
}

export async function listFamilyMembers(db: TDb, memberId: number): Promise<TFamilyMember[]> {
  return (await familyRowsOf(db, memberId)).map(presentFamilyMember);
}

/**
 * Finds a row without locking it: changes lock the family's member row first (lockFamilyHead),
 * always in that order, so two changes to one family queue instead of deadlocking.
 */
async function findRow(db: TDb | TTx, rowId: number): Promise<TFamilyMemberRow> {
  const [row] = await db.select().from(familyMembers).where(eq(familyMembers.id, rowId));
  if (!row) throw notFound('family member');
  return row;
}

/** One row, after checking the caller may see its family. */
export async function getFamilyMember(
  db: TDb,
  principal: TPrincipal | null,
  rowId: number,
): Promise<TFamilyMember> {
  const row = await findRow(db, rowId);
  assertMemberAccess(principal, row.memberId);
  return presentFamilyMember(row);
}

async function requirePlan(tx: TTx, member: TMemberRow): Promise<TMembershipPlanRow> {
  const plan = await planOfMember(tx, member);
  if (!plan) throw conflict('This membership has no plan yet; it needs its first payment.');
  return plan;
}

function birthDateOf(change: TFamilyChange): Record<string, string | null> {
  return change.relation === 'spouse'
    ? { spousedateOfBirth: change.spousedateOfBirth }
    : { dateOfBirth: change.dateOfBirth };
}

function assertSpouseAllowed(plan: TMembershipPlanRow): void {
  if (!plan.haveSpouse)
    throw invalid(NO_SPOUSE_IN_PLAN_MESSAGE, { relation: NO_SPOUSE_IN_PLAN_MESSAGE });
}

/** The slot a new dependent may take for free, or the refusal: over the plan's limit, or unpaid. */
function freeSlotForDependent(
  member: TMemberRow,
  plan: TMembershipPlanRow,
  rows: TFamilyMemberRow[],
): number {
  const dependents = dependentsOf(rows).length;
  const cap = dependentCap(plan);
  if (dependents >= cap)
    throw invalid(maxDependentsMessage(cap), { dependents: maxDependentsMessage(cap) });
  if (dependents >= member.dependentsPaid) {
    const message = dependentsPaymentMessage(member.dependentsPaid);
    throw new AppError('PAYMENT_REQUIRED', message, { fields: { dependents: message } });
  }
  return freeDependentSlots(rows)[0];
}

export async function addFamilyMember(
  db: TDb,
  audit: TAuditContext,
  memberId: number,
  change: TFamilyChange,
  moment: TMoment,
): Promise<TFamilyMember> {
  assertBirthDatesNotFuture(birthDateOf(change), moment.today);
  return db.transaction(async (tx) => {
    const member = await lockFamilyHead(tx, memberId);
    const plan = await requirePlan(tx, member);
    const rows = await familyRowsOf(tx, memberId);
    let added: TFamilyMemberRow;
    if (change.relation === 'spouse') {
      assertSpouseAllowed(plan);
      if (rows.some((row) => row.relation === 'spouse')) {
        throw conflict(SPOUSE_EXISTS_MESSAGE, { relation: SPOUSE_EXISTS_MESSAGE });
      }
      added = await insertSpouse(tx, memberId, change, moment.now);
    } else {
      const slot = freeSlotForDependent(member, plan, rows);
      [added] = await insertDependents(tx, memberId, [change], [slot], moment.now);
    }
    await writeAudit(tx, audit, {
      message: `Added ${describeFamilyMember(added)} to the family of member ${memberId}`,
    });
    return presentFamilyMember(added);
  });
}

/** Edits a row in place: its relation and slot never change. */
export async function updateFamilyMember(
  db: TDb,
  audit: TAuditContext,
  principal: TPrincipal | null,
  rowId: number,
  change: TFamilyChange,
  moment: TMoment,
): Promise<TFamilyMember> {
  assertBirthDatesNotFuture(birthDateOf(change), moment.today);
  return db.transaction(async (tx) => {
    const row = await findRow(tx, rowId);
    assertMemberAccess(principal, row.memberId);
    if (row.relation !== change.relation) {
      throw invalid(`This family member is a ${row.relation}.`, {
        relation: `This family member is a ${row.relation}.`,
      });
    }
    const member = await lockFamilyHead(tx, row.memberId);
    if (change.relation === 'spouse') assertSpouseAllowed(await requirePlan(tx, member));
    const values = change.relation === 'spouse' ? spouseValues(change) : dependentValues(change);
    const [updated] = await tx
      .update(familyMembers)
      .set(values)
      .where(eq(familyMembers.id, rowId))
      .returning();
    if (!updated) throw notFound('family member');
    await writeAudit(tx, audit, {
      message: `Updated ${describeFamilyMember(updated)} in the family of member ${row.memberId}`,
    });
    return presentFamilyMember(updated);
  });
}

export async function removeFamilyMember(
  db: TDb,
  audit: TAuditContext,
  principal: TPrincipal | null,
  rowId: number,
): Promise<TFamilyMember> {
  return db.transaction(async (tx) => {
    const row = await findRow(tx, rowId);
    assertMemberAccess(principal, row.memberId);
    await lockFamilyHead(tx, row.memberId);
    const [removed] = await tx.delete(familyMembers).where(eq(familyMembers.id, rowId)).returning();
    if (!removed) throw notFound('family member');
    await writeAudit(tx, audit, {
      message: `Removed ${describeFamilyMember(removed)} from the family of member ${row.memberId}`,
    });
    return presentFamilyMember(removed);
  });
}
