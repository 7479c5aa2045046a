/**
 * The wire contract of members (spec 02 §3 member, §7.1; DESIGN §3, §3b). Field names are the
 * spec's; no token ever travels: a member is named by `MemberId` (or `me` in a path).
 *
 * - `GET /api/membercheckemail/:email` (public): `{ available }`; an e-mail is taken by a member
 *   (any case) or by a registration checkout still open (DESIGN §3d: held for 30 minutes).
 * - `GET /api/members` (staff): `{ member, state, total, page, pageSize }`, searched and paged.
 * - `POST /api/members` (staff): a family entered by hand. It stays inactive, without a
 *   FamilyPlanId and with no dependents paid for, until its first payment: staff then take it
 *   through checkout kind `renewal`, which activates it and assigns the FamilyPlanId.
 * - `GET /api/membersIndiApi/:id` (member: own or `me`; staff: any): `{ member: [one], state }`.
 * - `PUT /api/memberupdate/:id` (member own, staff any), JSON or multipart fields: the details.
 */
import { z } from 'zod';
import { MAX_DEPENDENTS, PAGE_SIZES } from '../constants';
import { normalizePhone, phoneDigits } from '../phone';
import { isStateCode } from '../us-states';
import { checkZipInState } from '../zip-prefixes';
import { ZCalendarDate, ZEmail, ZNewPassword } from './auth';
import { ZStateList } from './geo';
import { MAX_DEPENDENTS_MESSAGE } from './plans';

export const MEMBER_UPDATED_MESSAGE = 'Member Updated';
export const MEMBER_CREATED_MESSAGE = 'Member Created';
export const EMAIL_TAKEN_MESSAGE = 'This e-mail address is already registered.';
export const INVALID_PHONE_MESSAGE = 'Invalid Format';

/** `:id` of a member-scoped path: the member's id, or `me` for the signed-in member. */
export const ZMemberIdParams = z.object({
  id: z.union([z.literal('me'), z.coerce.number().int().positive()]),
});
export type TMemberIdParam = z.output<typeof ZMemberIdParams>['id'];

// ---- shared field rules ------------------------------------------------------------------------

/** A phone as typed, '' for none; valid with at least 10 digits, of which the first 10 are kept. */
export const ZPhoneInput = z
  .string()
  .trim()
  .max(30)
  .refine((text) => text === '' || phoneDigits(text).length >= 10, INVALID_PHONE_MESSAGE)
  .transform(normalizePhone);
const ZRequiredPhone = ZPhoneInput.refine((digits) => digits !== '', INVALID_PHONE_MESSAGE);

const ZRequired = (message: string, max = 100) =>
  z.string().trim().min(1, message).max(max, `At most ${max} characters.`);

const ZRequiredEmail = z.string().trim().min(1, 'Email is required.').pipe(ZEmail);

/** The zip as the form holds it (the spec's form keeps a number); 5 digits, checked against the state. */
const ZZipInput = z
  .union([z.string().trim().max(10), z.number().int().nonnegative()])
  .transform(String)
  .pipe(
    z
      .string()
      .min(1, 'Please enter your Zipcode.')
      .regex(/^\d{5}$/, 'A zip code has 5 digits.'),
  );

const addressShape = {
  street: ZRequired('Please enter your Address.', 200),
  city: ZRequired('Please enter your city.'),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, 'Please enter your State.')
    .refine(isStateCode, 'Please enter your State.'),
  zipcode: ZZipInput,
};

/** The zip must lie in the chosen state (DESIGN §3d); reported on `zipcode`. */
function zipInState(value: { state: string; zipcode: string }, ctx: z.RefinementCtx): void {
  if (!isStateCode(value.state)) return;
  const check = checkZipInState(value.zipcode, value.state);
  if (!check.valid) ctx.addIssue({ code: 'custom', path: ['zipcode'], message: check.message });
}

const memberDetailsShape = {
  MemberFirstName: ZRequired('First name is required.'),
  MemberLastName: z.string().trim().max(100).default(''),
  email: ZRequiredEmail,
  contactPhone: ZRequiredPhone,
  ...addressShape,
};

/** `PUT /api/memberupdate/:id`: the member's own details (spec 02 §5 member edit form). */
export const ZMemberUpdate = z.object(memberDetailsShape).superRefine(zipInState);
export type TMemberUpdate = z.input<typeof ZMemberUpdate>;
export type TMemberUpdateParsed = z.output<typeof ZMemberUpdate>;

// ---- spouse and dependents (registration, staff entry, family routes) --------------------------

const ZPersonName = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(100, `${label} is at most 100 characters`);

/** An optional e-mail as a form holds it: '' means none. */
const ZOptionalEmail = z
  .union([z.literal(''), ZEmail])
  .nullish()
  .transform((email) => email || null);

/** The spec's spouse fields. A date of birth, when given, is not in the future (checked by the server). */
export const ZSpouseInput = z.object({
  spouseFirstName: ZPersonName('First name'),
  spouseLastName: ZPersonName('Last name'),
  spouseemail: ZOptionalEmail,
  spousecontactPhone: ZPhoneInput.nullish().transform((phone) => phone || null),
  spousedateOfBirth: ZCalendarDate.nullish().transform((date) => date || null),
});
export type TSpouseInput = z.output<typeof ZSpouseInput>;

/** A dependent has one name (spec 01 §3) and a date of birth, not in the future. */
export const ZDependentInput = z.object({
  name: ZPersonName('Name'),
  dateOfBirth: ZCalendarDate,
});
export type TDependentInput = z.output<typeof ZDependentInput>;

const ZDependentList = z
  .array(ZDependentInput)
  .max(MAX_DEPENDENTS, MAX_DEPENDENTS_MESSAGE)
  .default([]);
const ZPlanId = z.coerce.number().int().positive();

// ---- a new member: registration checkout and staff entry ----------------------------------------

const newMemberShape = {
  ...memberDetailsShape,
  dateOfBirth: ZCalendarDate.nullish().transform((date) => date || null),
};

/**
 * Checkout kind `registration` (DESIGN §3b), anonymous only. The password is hashed when the
 * checkout starts and kept only with the pending payment; the member is created on payment.
 */
export const ZRegistrationCheckout = z.object({
  kind: z.literal('registration'),
  planId: ZPlanId,
  member: z.object({ ...newMemberShape, password: ZNewPassword }).superRefine(zipInState),
  spouse: ZSpouseInput.nullish().transform((spouse) => spouse ?? null),
  dependents: ZDependentList,
});
export type TRegistrationCheckout = z.input<typeof ZRegistrationCheckout>;
export type TRegistrationCheckoutParsed = z.output<typeof ZRegistrationCheckout>;

/**
 * `POST /api/members` (staff). Without a password the member sets one with "forgot password".
 * Address fields follow the same rules as the member's own form.
 */
export const ZMemberCreate = z.object({
  planId: ZPlanId,
  member: z
    .object({ ...newMemberShape, password: ZNewPassword.optional() })
    .superRefine(zipInState),
  spouse: ZSpouseInput.nullish().transform((spouse) => spouse ?? null),
  dependents: ZDependentList,
});
export type TMemberCreate = z.input<typeof ZMemberCreate>;
export type TMemberCreateParsed = z.output<typeof ZMemberCreate>;

/**
 * Checkout kind `renewal` (DESIGN §3b): member own, staff any. `dependents` is how many of the
 * family's dependents to keep (default all); dependents past that number are removed from the
 * highest slot down when the payment is confirmed. `planId` may name another active plan.
 */
export const ZRenewalCheckout = z.object({
  kind: z.literal('renewal'),
  memberid: z.coerce.number().int().positive(),
  planId: ZPlanId,
  dependents: z.coerce.number().int().min(0).max(MAX_DEPENDENTS, MAX_DEPENDENTS_MESSAGE).optional(),
});
export type TRenewalCheckout = z.input<typeof ZRenewalCheckout>;
export type TRenewalCheckoutParsed = z.output<typeof ZRenewalCheckout>;

// ---- members as answered ------------------------------------------------------------------------

/**
 * A member as lists and the member's own page show it. `is_active` is whether the membership is
 * in force today (DESIGN §3d: the flag is on and the validity end is empty or not past).
 */
export const ZMember = z.object({
  MemberId: z.number().int(),
  MemberFirstName: z.string(),
  MemberLastName: z.string(),
  FamilyPlanId: z.string().nullable(),
  email: z.string(),
  contactPhone: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  dateOfBirth: z.string().nullable(),
  /** The stored image name, or null. */
  memberImage: z.string().nullable(),
  planId: z.number().int().nullable(),
  /** The plan's prefix (the spec's "membership type" code, e.g. GM), or null. */
  prefix: z.string().nullable(),
  MembershipType: z.string().nullable(),
  is_active: z.boolean(),
  giftrecieved: z.enum(['', 'received']),
  notes: z.string(),
  validityFrom: z.string().nullable(),
  validityTo: z.string().nullable(),
  dependentsPaid: z.number().int(),
});
export type TMember = z.infer<typeof ZMember>;

export const ZMemberListQuery = z.object({
  /** The spec's search (FamilyID, name, e-mail, address); empty or "all" lists everyone. */
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
      message: `Page size is one of ${PAGE_SIZES.join(', ')}.`,
    })
    .default(PAGE_SIZES[0]),
});
export type TMemberListQuery = z.input<typeof ZMemberListQuery>;

export const ZMemberListResponse = z.object({
  member: z.array(ZMember),
  state: ZStateList,
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TMemberListResponse = z.infer<typeof ZMemberListResponse>;

export const ZMemberOneResponse = z.object({ member: z.array(ZMember), state: ZStateList });
export type TMemberOneResponse = z.infer<typeof ZMemberOneResponse>;

export const ZMemberSaved = z.object({ message: z.string(), member: ZMember });
export type TMemberSaved = z.infer<typeof ZMemberSaved>;

export const ZEmailCheckParams = z.object({ email: z.string().trim().max(254).pipe(ZEmail) });
export const ZEmailAvailability = z.object({ available: z.boolean() });
export type TEmailAvailability = z.infer<typeof ZEmailAvailability>;
