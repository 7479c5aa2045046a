import type { TMember } from '../../../domain/contracts/members';
import { imageUrlOrNull } from '../../../domain/images';
import { isInForce } from '../../../domain/membership-status';
import type { TMemberRow, TMembershipPlanRow } from '../../db/schema';

/** The columns of a member a presented row is made of (the list reads only these). */
export type TMemberShown = Pick<
  TMemberRow,
  | 'id'
  | 'familyPlanId'
  | 'planId'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'contactPhone'
  | 'street'
  | 'city'
  | 'state'
  | 'zipcode'
  | 'dateOfBirth'
  | 'memberImage'
  | 'isActive'
  | 'validityFrom'
  | 'validityTo'
  | 'giftReceived'
  | 'notes'
  | 'dependentsPaid'
>;

export type TMemberWithPlan = {
  member: TMemberShown;
  plan: Pick<TMembershipPlanRow, 'prefix' | 'membershipType'> | null;
};

/** In force today (DESIGN §3d): the one rule lives in domain/membership-status. */
export { isInForce };

/** A member in the spec's names; never the password hash. */
export function presentMember({ member, plan }: TMemberWithPlan, today: string): TMember {
  return {
    MemberId: member.id,
    MemberFirstName: member.firstName,
    MemberLastName: member.lastName,
    FamilyPlanId: member.familyPlanId,
    email: member.email,
    contactPhone: member.contactPhone,
    street: member.street,
    city: member.city,
    state: member.state,
    zipcode: member.zipcode,
    dateOfBirth: member.dateOfBirth,
    memberImage: imageUrlOrNull(member.memberImage, 'thumb'),
    planId: member.planId,
    prefix: plan?.prefix ?? null,
    MembershipType: plan?.membershipType ?? null,
    is_active: isInForce(member, today),
    giftrecieved: member.giftReceived,
    notes: member.notes,
    validityFrom: member.validityFrom,
    validityTo: member.validityTo,
    dependentsPaid: member.dependentsPaid,
  };
}
