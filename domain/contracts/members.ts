/**
 * The wire contract of members (spec 02 §3 member, §7.1; DESIGN §3, §3b). Field names are the
 * spec's; no token ever travels: a member is named by `MemberId` (or `me` in a path).
 *
 * - `GET /api/membercheckemail/:email` (public, 60 a minute per client): `{ available }`; an
 *   e-mail is taken by a member (any case) or held by a registration checkout still open (DESIGN
 *   §3d: 30 minutes), which adds `paymentInProgressUntil`.
 * - `GET /api/members` (staff): `{ member, state, total, page, pageSize }`, searched and paged.
 * - `POST /api/members` (staff): a family entered by hand. It stays inactive, without a
 *   FamilyPlanId and with no dependents paid for, until its first payment: staff then take it
 *   through checkout kind `renewal`, which activates it and assigns the FamilyPlanId.
 * - `GET /api/membersIndiApi/:id` (member: own or `me`; staff: any): `{ member: [one], state }`.
 * - `PUT /api/memberupdate/:id` (member own, staff any), JSON or multipart fields: the details.
 */
import { z } from 'zod';
import { MAX_DB_INT, ZId, ZLine, ZWhole, ZWholeNumber } from './fields';
import { MAX_DEPENDENTS, PAGE_SIZES } from '../constants';
import { normalizePhone, phoneDigits } from '../phone';
import { isStateCode } from '../us-states';
import { checkZipInState } from '../zip-prefixes';
import { ZCalendarDate, ZEmail, ZNewPassword } from './auth';
import { ZStateList } from './geo';
import { MAX_DEPENDENTS_MESSAGE } from './plans';
import { ZReminderToken } from './reminders';

export const MEMBER_UPDATED_MESSAGE = 'Member Updated';
export const MEMBER_CREATED_MESSAGE = 'Member Created';
export const EMAIL_TAKEN_MESSAGE = 'This e-mail address is already registered.';
/** A registration checkout for the address is open: the field's message (the form adds when). */
export const EMAIL_PAYMENT_IN_PROGRESS_MESSAGE =
  'A payment for this e-mail address is in progress.';

/** The checkout's answer while another registration checkout holds the address. */
export function emailPaymentInProgressMessage(lapses: string): string {
  return `${EMAIL_PAYMENT_IN_PROGRESS_MESSAGE} If it is not completed, the address is free again after ${lapses}.`;
}
export const INVALID_PHONE_MESSAGE = 'Invalid Format';

/** `:id` of a member-scoped path: the member's id, or `me` for the signed-in member. */
export const ZMemberIdParams = z.object({
  id: z.union([z.literal('me'), ZId]),
});
export type TMemberIdParam = z.output<typeof ZMemberIdParams>['id'];

// ---- shared field rules ------------------------------------------------------------------------

/** A phone as typed, '' for none; valid with at least 10 digits, of which the first 10 are kept. */
export const ZPhoneInput = ZLine(INVALID_PHONE_MESSAGE)
  .max(30)
  .refine((text) => text === '' || phoneDigits(text).length >= 10, INVALID_PHONE_MESSAGE)
  .transform(normalizePhone);
const ZRequiredPhone = ZPhoneInput.refine((digits) => digits !== '', INVALID_PHONE_MESSAGE);

/** A required text: missing, not text, or blank all read as `message` (never zod's wording). */
const ZRequired = (message: string, max = 100) =>
  ZLine(message).min(1, message).max(max, `At most ${max} characters.`);

const ZRequiredEmail = ZLine('Email is required.').min(1, 'Email is required.').pipe(ZEmail);

/** The zip as the form holds it (the spec's form keeps a number); 5 digits, checked against the state. */
const ZZipInput = z
  .union([ZLine().max(10), z.number().int().nonnegative()], {
    error: 'Please enter your Zipcode.',
  })
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
  state: ZLine('Please enter your State.')
    .max(40)
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
  MemberLastName: ZLine('Last name must be text.').max(100).default(''),
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
  ZLine(`${label} is required`)
    .min(1, `${label} is required`)
    .max(100, `${label} is at most 100 characters`);

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

/**
 * A dependent has one name (spec 01 §3) and a date of birth, not in the future; an e-mail is
 * optional (a dependent of 18 or more with one may get their own household sign-in).
 */
export const ZDependentInput = z.object({
  name: ZPersonName('Name'),
  dateOfBirth: ZCalendarDate,
  email: ZOptionalEmail,
});
export type TDependentInput = z.output<typeof ZDependentInput>;

const ZDependentList = z
  .array(ZDependentInput)
  .max(MAX_DEPENDENTS, MAX_DEPENDENTS_MESSAGE)
  .default([]);
export const CHOOSE_PLAN_MESSAGE = 'Please choose a membership plan.';
const ZPlanId = ZWhole(1, MAX_DB_INT, {
  missing: CHOOSE_PLAN_MESSAGE,
  int: CHOOSE_PLAN_MESSAGE,
  min: CHOOSE_PLAN_MESSAGE,
  max: CHOOSE_PLAN_MESSAGE,
});

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
export const MEMBER_DETAILS_MISSING_MESSAGE =
  "Please enter the member's details: name, e-mail, phone and address.";
export const ZMemberCreate = z.object({
  planId: ZPlanId,
  member: z
    .object(
      { ...newMemberShape, password: ZNewPassword.optional() },
      { error: MEMBER_DETAILS_MISSING_MESSAGE },
    )
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
  memberid: ZId,
  planId: ZPlanId,
  dependents: ZWhole(0, MAX_DEPENDENTS, { max: MAX_DEPENDENTS_MESSAGE }).optional(),
  /** A reminder e-mail's link token: the authority to renew this one member without signing in. */
  reminder: ZReminderToken.optional(),
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
  /** The profile image's URL in the image store (160x160, `/api/images/<id>/thumb`), or null. */
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
  search: ZLine().max(200).optional(),
  page: ZWhole(1, MAX_DB_INT).default(1),
  pageSize: ZWholeNumber.refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
    message: `Page size is one of ${PAGE_SIZES.join(', ')}.`,
  }).default(PAGE_SIZES[0]),
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

/**
 * `POST /api/listMember` (DESIGN §3d): the spec's filter (active 'true' | 'false', gift 'true' |
 * 'false' | '' for either, membertype = a plan prefix or null for all) plus search and paging.
 * Staff get the page; a member gets their own row whatever the filter says.
 */
export const ZMemberFilter = z.object({
  active: z.enum(['true', 'false'], { error: "Active is 'true' or 'false'." }).default('true'),
  gift: z.enum(['true', 'false', ''], { error: "Gift is 'true', 'false' or empty." }).default(''),
  membertype: z
    .string()
    .trim()
    .max(20)
    .nullish()
    .transform((type) => type || null),
  search: ZMemberListQuery.shape.search,
  page: ZMemberListQuery.shape.page,
  pageSize: ZMemberListQuery.shape.pageSize,
});
export type TMemberFilter = z.input<typeof ZMemberFilter>;
export type TMemberFilterParsed = z.output<typeof ZMemberFilter>;

/** The filter of a new list screen (spec 02 §4: active members, page 1, 10 a page). */
export const MEMBER_FILTER_DEFAULTS = {
  active: 'true',
  gift: '',
  membertype: null,
  search: '',
  page: 1,
  pageSize: PAGE_SIZES[0],
} as const satisfies TMemberFilter;

/** The answer of `POST /api/listMember`: `{ member, total }` (and for a member, `state`). */
export const ZMemberFilterResponse = z.object({
  member: z.array(ZMember),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  state: ZStateList,
});
export type TMemberFilterResponse = z.infer<typeof ZMemberFilterResponse>;

export const GIFT_RECEIVED = 'received';
export const LIMITED_UPDATE_EMPTY_MESSAGE = 'Send giftrecieved or notes.';
export const NOTES_MAX = 2000;

/** `PUT /api/memberUpdateLimited/:id` (staff): the gift flag or the notes (spec 02 §2.9, §7.2). */
export const ZMemberLimitedUpdate = z
  .object({
    giftrecieved: z
      .enum(['', GIFT_RECEIVED], { error: "giftrecieved is 'received' or empty." })
      .optional(),
    notes: z
      .string({ error: 'Notes are text.' })
      .trim()
      .max(NOTES_MAX, `Notes are at most ${NOTES_MAX} characters.`)
      .optional(),
  })
  .refine((body) => body.giftrecieved !== undefined || body.notes !== undefined, {
    message: LIMITED_UPDATE_EMPTY_MESSAGE,
  });
export type TMemberLimitedUpdate = z.input<typeof ZMemberLimitedUpdate>;

export const MEMBER_DELETED_MESSAGE = 'Delete Successfully !!' as const;
export const ZMemberDeleted = z.object({ message: z.literal(MEMBER_DELETED_MESSAGE) });

export const ZMemberOneResponse = z.object({ member: z.array(ZMember), state: ZStateList });
export type TMemberOneResponse = z.infer<typeof ZMemberOneResponse>;

export const ZMemberSaved = z.object({ message: z.string(), member: ZMember });
export type TMemberSaved = z.infer<typeof ZMemberSaved>;

export const ZEmailCheckParams = z.object({ email: ZLine().max(254).pipe(ZEmail) });
/**
 * `available: false` alone: a member has the address (the spec's answer). With
 * `paymentInProgressUntil` (an ISO instant): a registration checkout for it is not paid yet and
 * holds it until then, so the real person is told that, not "already registered".
 */
export const ZEmailAvailability = z.object({
  available: z.boolean(),
  paymentInProgressUntil: z.string().optional(),
});
export type TEmailAvailability = z.infer<typeof ZEmailAvailability>;
