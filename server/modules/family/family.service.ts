/** The family view (spec 02 §2.11): the family record, and removing a spouse or dependent by slot name. */
import { eq } from 'drizzle-orm';
import {
  slotOfName,
  type TFamilyRecord,
  type TFamilySlotName,
} from '../../../domain/contracts/family';
import type { TDb, TDbOrTx, TTx } from '../../db/client';
import {
  members,
  membershipPlans,
  type TFamilyMemberRow,
  type TMemberRow,
  type TMembershipPlanRow,
} from '../../db/schema';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { deleteSlot, familyRowsOf, SPOUSE_SLOT } from './family-rows';
import { presentFamilyRecord } from './family.presenter';

/**
 * Reads the member and locks its row: every change to one family queues on it, so two tabs can
 * never put two dependents into the same free slot or past the paid number.
 */
export async function lockFamilyHead(tx: TTx, memberId: number): Promise<TMemberRow> {
  const [member] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
  if (!member) throw notFound('member');
  return member;
}

export async function planOfMember(
  db: TDbOrTx,
  member: TMemberRow,
): Promise<TMembershipPlanRow | null> {
  if (member.planId === null) return null;
  const [plan] = await db
    .select()
    .from(membershipPlans)
    .where(eq(membershipPlans.id, member.planId));
  return plan ?? null;
}

export async function getFamilyRecord(
  db: TDb,
  memberId: number,
  today: string,
): Promise<TFamilyRecord> {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  if (!member) throw notFound('member');
  const [plan, rows] = await Promise.all([planOfMember(db, member), familyRowsOf(db, memberId)]);
  return presentFamilyRecord(member, plan, rows, today);
}

export function describeFamilyMember(row: TFamilyMemberRow): string {
  const who = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return row.slot === SPOUSE_SLOT ? `spouse ${who}` : `dependent ${row.slot} ${who}`;
}

/**
 * Removes the spouse or one dependent; the other slots keep their numbers, and the dependents
 * paid for stay paid, so the freed slot can be refilled without paying again (DESIGN §3d).
 */
export async function deleteFamilySlot(
  db: TDb,
  audit: TAuditContext,
  memberId: number,
  name: TFamilySlotName,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockFamilyHead(tx, memberId);
    const removed = await deleteSlot(tx, memberId, slotOfName(name));
    if (!removed) throw notFound('family member');
    await writeAudit(tx, audit, {
      message: `Removed ${describeFamilyMember(removed)} from the family of member ${memberId}`,
    });
  });
}
