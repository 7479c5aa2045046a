import { MAX_DEPENDENTS } from '../../../domain/constants';
import {
  nameOfSlot,
  type TFamilyMember,
  type TFamilyRecord,
} from '../../../domain/contracts/family';
import type { TFamilyMemberRow, TMemberRow, TMembershipPlanRow } from '../../db/schema';
import { isInForce } from '../members/members.presenter';
import { dependentCap } from '../plans/plan-rules';

type TDependentFields = Pick<
  TFamilyRecord,
  `dependname${1 | 2 | 3 | 4 | 5 | 6}` | `dependdob${1 | 2 | 3 | 4 | 5 | 6}`
>;

function dependentFields(rows: readonly TFamilyMemberRow[]): TDependentFields {
  const fields: Record<string, string | null> = {};
  for (let slot = 1; slot <= MAX_DEPENDENTS; slot++) {
    const row = rows.find((r) => r.relation === 'dependent' && r.slot === slot);
    fields[`dependname${slot}`] = row ? row.firstName : null;
    fields[`dependdob${slot}`] = row?.dateOfBirth ?? null;
  }
  return fields as TDependentFields;
}

/** The spec's family record, built from the member, its plan and its spouse and dependent rows. */
export function presentFamilyRecord(
  member: TMemberRow,
  plan: TMembershipPlanRow | null,
  rows: readonly TFamilyMemberRow[],
  today: string,
): TFamilyRecord {
  const spouse = rows.find((row) => row.relation === 'spouse');
  return {
    FamilyPlanId: member.familyPlanId,
    MemberId: member.id,
    MemberFirstName: member.firstName,
    MemberLastName: member.lastName,
    MembershipType: plan?.membershipType ?? null,
    street: member.street,
    city: member.city,
    state: member.state,
    zipcode: member.zipcode,
    email: member.email,
    contactPhone: member.contactPhone,
    dateOfBirth: member.dateOfBirth,
    relation: 'Member',
    spouseFirstName: spouse?.firstName ?? null,
    spouseLastName: spouse?.lastName ?? null,
    spouseemail: spouse?.email ?? null,
    spousecontactPhone: spouse?.contactPhone ?? null,
    spousedateOfBirth: spouse?.dateOfBirth ?? null,
    ...dependentFields(rows),
    planId: member.planId,
    prefix: plan?.prefix ?? null,
    haveSpouse: plan?.haveSpouse ?? false,
    maxDependent: plan ? dependentCap(plan) : 0,
    dependentsPaid: member.dependentsPaid,
    is_active: isInForce(member, today),
    validityTo: member.validityTo,
  };
}

export function presentFamilyMember(row: TFamilyMemberRow): TFamilyMember {
  return {
    id: row.id,
    MemberId: row.memberId,
    relation: row.relation,
    slot: row.slot,
    name: nameOfSlot(row.slot),
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    contactPhone: row.contactPhone,
    dateOfBirth: row.dateOfBirth,
  };
}
