/**
 * The wire contract of a member's family (spec 02 §2.11, §3 family record, §7.1; DESIGN §3d).
 * A family is the member, at most one spouse (slot 0, name 'spouse') and up to 6 dependents in
 * slots 1..6 ('dep1'..'dep6'). Slots never shift: deleting 'dep1' leaves 'dep2' where it is.
 *
 * - `GET /api/membersfamilylist/:id` (`:id` = member id or `me`): `{ memberfamily: [record] }`.
 * - `PUT /api/deletememberfamily/:id` `{ name }`: the member on their own family, a global admin
 *   or super user on any; a temporary admin may not (DESIGN §3c).
 * - `GET|POST /api/family/`, `GET|PUT|DELETE /api/family/:id`: the spouse and dependent rows.
 *   A member works on their own family; staff name the family with `memberId`. Adding a
 *   dependent refills a freed, paid-for slot for free; past `dependentsPaid` the answer is
 *   402 PAYMENT_REQUIRED and the dependent is bought through checkout kind `dependents`.
 */
import { z } from 'zod';
import { ZId, ZIdNumber } from './fields';
import { FAMILY_RELATIONS, FAMILY_SLOT_NAMES, MAX_DEPENDENTS } from '../constants';
// The spouse and dependent inputs are shared with registration; they live in ./members.
import { ZDependentInput, ZSpouseInput } from './members';
import { MAX_DEPENDENTS_MESSAGE } from './plans';

export const FAMILY_DELETED_MESSAGE = 'Deleted SuccessFull';
export const FAMILY_MEMBER_ADDED_MESSAGE = 'Family member added';
export const FAMILY_MEMBER_UPDATED_MESSAGE = 'Family member updated';
export const NO_SPOUSE_IN_PLAN_MESSAGE = 'This membership plan does not include a spouse.';
export const SPOUSE_EXISTS_MESSAGE = 'The family already has a spouse.';
export const dependentsPaymentMessage = (paid: number) =>
  `The membership has paid for ${paid} dependent${paid === 1 ? '' : 's'}; add more through checkout (kind "dependents").`;

export type TFamilySlotName = (typeof FAMILY_SLOT_NAMES)[number];

/** 'spouse' is slot 0, 'dep1'..'dep6' are slots 1..6. */
export function slotOfName(name: TFamilySlotName): number {
  return FAMILY_SLOT_NAMES.indexOf(name);
}
export function nameOfSlot(slot: number): TFamilySlotName {
  return FAMILY_SLOT_NAMES[slot];
}

// ---- the spec's family record ----------------------------------------------------------------

const dependentFields = Object.fromEntries(
  Array.from({ length: MAX_DEPENDENTS }, (_, i) => [
    [`dependname${i + 1}`, z.string().nullable()],
    [`dependdob${i + 1}`, z.string().nullable()],
  ]).flat(),
) as Record<
  `dependname${1 | 2 | 3 | 4 | 5 | 6}` | `dependdob${1 | 2 | 3 | 4 | 5 | 6}`,
  z.ZodNullable<z.ZodString>
>;

/**
 * One family as the family view shows it: the member's own fields, the spouse's, and the
 * dependents by slot (null where a slot is free). Dates are 'YYYY-MM-DD', phones digits. The
 * last fields tell the screen what it may offer: a spouse row, and free or paid-for slots.
 */
export const ZFamilyRecord = z.object({
  FamilyPlanId: z.string().nullable(),
  MemberId: z.number().int(),
  MemberFirstName: z.string(),
  MemberLastName: z.string(),
  MembershipType: z.string().nullable(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  email: z.string(),
  contactPhone: z.string(),
  dateOfBirth: z.string().nullable(),
  relation: z.literal('Member'),
  spouseFirstName: z.string().nullable(),
  spouseLastName: z.string().nullable(),
  spouseemail: z.string().nullable(),
  spousecontactPhone: z.string().nullable(),
  spousedateOfBirth: z.string().nullable(),
  ...dependentFields,
  planId: z.number().int().nullable(),
  prefix: z.string().nullable(),
  haveSpouse: z.boolean(),
  /** The plan's limit (never above 6). */
  maxDependent: z.number().int(),
  /** Dependents paid for; a freed slot up to this number refills for free. */
  dependentsPaid: z.number().int(),
  is_active: z.boolean(),
  validityTo: z.string().nullable(),
});
export type TFamilyRecord = z.infer<typeof ZFamilyRecord>;

export const ZFamilyListResponse = z.object({ memberfamily: z.array(ZFamilyRecord) });
export type TFamilyListResponse = z.infer<typeof ZFamilyListResponse>;

export const ZDeleteFamilyRequest = z.object({ name: z.enum(FAMILY_SLOT_NAMES) });
export type TDeleteFamilyRequest = z.infer<typeof ZDeleteFamilyRequest>;
export const ZDeleteFamilyResponse = z.object({ message: z.literal(FAMILY_DELETED_MESSAGE) });

// ---- family rows: /api/family -----------------------------------------------------------------

export const ZFamilyMember = z.object({
  id: z.number().int(),
  MemberId: z.number().int(),
  relation: z.enum(FAMILY_RELATIONS),
  slot: z.number().int(),
  /** The slot's name in `PUT /api/deletememberfamily/:id`: 'spouse', 'dep1'..'dep6'. */
  name: z.enum(FAMILY_SLOT_NAMES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  contactPhone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
});
export type TFamilyMember = z.infer<typeof ZFamilyMember>;

export const ZFamilyMemberList = z.object({ items: z.array(ZFamilyMember) });
export const ZFamilyMemberAnswer = z.object({ message: z.string(), item: ZFamilyMember });

/** Staff must name the family; a member may leave it out (their own) or give their own id. */
export const ZFamilyScopeQuery = z.object({
  memberId: ZId.optional(),
});
export const ZFamilyRowParams = z.object({ id: ZId });

const ZScope = { memberId: ZIdNumber.optional() };

/** Adding: a spouse (if the plan has one) or a dependent into the lowest free slot. */
export const ZFamilyMemberCreate = z.discriminatedUnion('relation', [
  z.object({ relation: z.literal('spouse'), ...ZScope, ...ZSpouseInput.shape }),
  z.object({ relation: z.literal('dependent'), ...ZScope, ...ZDependentInput.shape }),
]);
export type TFamilyMemberCreate = z.input<typeof ZFamilyMemberCreate>;

/** Editing keeps the row's relation and slot; the body names the relation it edits. */
export const ZFamilyMemberUpdate = z.discriminatedUnion('relation', [
  z.object({ relation: z.literal('spouse'), ...ZSpouseInput.shape }),
  z.object({ relation: z.literal('dependent'), ...ZDependentInput.shape }),
]);
export type TFamilyMemberUpdate = z.input<typeof ZFamilyMemberUpdate>;

// ---- checkout kind `dependents` (DESIGN §3b) ---------------------------------------------------

/** Extra dependents for a membership: n x dependent fee + service charge, into free slots. */
export const ZDependentsCheckout = z.object({
  kind: z.literal('dependents'),
  memberid: ZId,
  dependents: z
    .array(ZDependentInput)
    .min(1, 'Add at least one dependent.')
    .max(MAX_DEPENDENTS, MAX_DEPENDENTS_MESSAGE),
});
export type TDependentsCheckout = z.output<typeof ZDependentsCheckout>;
