/** Reading and writing a family's spouse (slot 0) and dependents (slots 1..6); slots never shift. */
import { and, asc, eq } from 'drizzle-orm';
import { MAX_DEPENDENTS } from '../../../domain/constants';
import type { TDependentInput, TSpouseInput } from '../../../domain/contracts/members';
import type { TDbOrTx } from '../../db/client';
import { familyMembers, type TFamilyMemberRow } from '../../db/schema';

export const SPOUSE_SLOT = 0;

export async function familyRowsOf(db: TDbOrTx, memberId: number): Promise<TFamilyMemberRow[]> {
  return db
    .select()
    .from(familyMembers)
    .where(eq(familyMembers.memberId, memberId))
    .orderBy(asc(familyMembers.slot));
}

export function dependentsOf(rows: readonly TFamilyMemberRow[]): TFamilyMemberRow[] {
  return rows.filter((row) => row.relation === 'dependent');
}

/** Free dependent slots, lowest first: a freed slot is refilled before a new one is used. */
export function freeDependentSlots(rows: readonly TFamilyMemberRow[]): number[] {
  const used = new Set(dependentsOf(rows).map((row) => row.slot));
  return Array.from({ length: MAX_DEPENDENTS }, (_, i) => i + 1).filter((slot) => !used.has(slot));
}

export function spouseValues(spouse: TSpouseInput) {
  return {
    firstName: spouse.spouseFirstName,
    lastName: spouse.spouseLastName,
    email: spouse.spouseemail,
    contactPhone: spouse.spousecontactPhone,
    dateOfBirth: spouse.spousedateOfBirth,
  };
}

export function dependentValues(dependent: TDependentInput) {
  // The spec gives a dependent one name; it is kept whole in first_name
  return {
    firstName: dependent.name,
    lastName: '',
    dateOfBirth: dependent.dateOfBirth,
    email: dependent.email ?? null,
  };
}

export async function insertSpouse(
  db: TDbOrTx,
  memberId: number,
  spouse: TSpouseInput,
  at: Date,
): Promise<TFamilyMemberRow> {
  const [row] = await db
    .insert(familyMembers)
    .values({
      memberId,
      relation: 'spouse',
      slot: SPOUSE_SLOT,
      ...spouseValues(spouse),
      createdAt: at,
    })
    .returning();
  return row;
}

/** Puts the dependents into the given free slots, in order; the caller checked there are enough. */
export async function insertDependents(
  db: TDbOrTx,
  memberId: number,
  dependents: readonly TDependentInput[],
  slots: readonly number[],
  at: Date,
): Promise<TFamilyMemberRow[]> {
  if (dependents.length === 0) return [];
  if (slots.length < dependents.length) throw new Error('insertDependents: not enough free slots');
  return db
    .insert(familyMembers)
    .values(
      dependents.map((dependent, i) => ({
        memberId,
        relation: 'dependent' as const,
        slot: slots[i],
        ...dependentValues(dependent),
        createdAt: at,
      })),
    )
    .returning();
}

export async function deleteSlot(
  db: TDbOrTx,
  memberId: number,
  slot: number,
): Promise<TFamilyMemberRow | undefined> {
  const [row] = await db
    .delete(familyMembers)
    .where(and(eq(familyMembers.memberId, memberId), eq(familyMembers.slot, slot)))
    .returning();
  return row;
}
