/**
 * The wire contract of board members (spec 02 §2.3, §2.4, §3, §5, §7.2) and the Leadership page
 * they feed (spec 01 §2 point 1).
 *
 * - `GET /api/memberBoard` (staff): every board member; the list screen searches, filters by type
 *   and pages over the whole list, as the spec's list does.
 * - `POST /api/memberBoard`, `PUT` / `DELETE /api/memberBoard/:id` (global admin, super user):
 *   multipart (or JSON) with the spec's fields, an optional `image` file, and the Leadership
 *   role and position.
 * - `GET /api/memberBoard/members` (global admin, super user): the members the add screen
 *   promotes from.
 * - `GET /api/boardemailtempadmin/:email` (staff): a Temp Admin's validity window, as a list.
 * - `GET /api/leadership` (anyone): the officers' cards, public fields only.
 */
import { z } from 'zod';
import { ZId, ZLine, ZWhole } from './fields';
import { BOARD_TYPES } from '../constants';
import { normalizePhone, phoneDigits } from '../phone';
import { adminAccountProblems, ZCalendarDate, ZEmail, ZNewPassword } from './auth';

export const BOARD_CREATED_MESSAGE = 'Created';
export const BOARD_UPDATED_MESSAGE = 'Updated Successfully';
export const BOARD_DELETED_MESSAGE = 'Deleted Record successfully !!';
export const BOARD_EMAIL_TAKEN_MESSAGE = 'A board member with this e-mail already exists.';
export const TEMP_ADMIN_PASSWORD_MESSAGE = 'A Temp Admin needs a password to sign in.';
export const FIRST_NAME_REQUIRED_MESSAGE = 'First Name is required';
export const EMAIL_REQUIRED_MESSAGE = 'Email is required.';
export const PHONE_INVALID_MESSAGE = 'Invalid Format';
export const TYPE_REQUIRED_MESSAGE = 'Type is Required *';
export const LEADERSHIP_ORDER_MAX = 999;

/** A multipart form sends every field as text; an empty one means "not given". */
const blankToUndefined = (value: unknown) =>
  value === '' || value === null || value === 'null' ? undefined : value;

const optionalDate = z.preprocess(blankToUndefined, ZCalendarDate.optional());

export const ZBoardMemberForm = z
  .object({
    fName: ZLine().min(1, FIRST_NAME_REQUIRED_MESSAGE).max(100),
    lName: z.preprocess(blankToUndefined, ZLine().max(100).optional()),
    email: ZLine().min(1, EMAIL_REQUIRED_MESSAGE).pipe(ZEmail),
    contactPhone: z
      .string()
      .refine((phone) => phoneDigits(phone).length >= 10, PHONE_INVALID_MESSAGE)
      .transform(normalizePhone),
    memberBoardType: z.enum(BOARD_TYPES, TYPE_REQUIRED_MESSAGE),
    memberID: z.preprocess(blankToUndefined, ZId.optional()),
    validityFrom: optionalDate,
    validityTo: optionalDate,
    password: z.preprocess(blankToUndefined, ZNewPassword.optional()),
    /** The spec's 'True' / 'False'; the server decides staff status from the type alone. */
    is_staff: z.preprocess(blankToUndefined, ZLine().max(10).optional()),
    leadershipRole: z.preprocess(blankToUndefined, ZLine().max(60).optional()),
    /** The card's position on the Leadership page; empty keeps the member off the page. */
    leadershipOrder: z.preprocess(blankToUndefined, ZWhole(1, LEADERSHIP_ORDER_MAX).optional()),
    /** 'true' drops the stored picture (a new `image` file replaces it anyway). */
    removeImage: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()),
  })
  .superRefine((form, ctx) => {
    const isTempAdmin = form.memberBoardType === 'Temp Admin';
    const problems = adminAccountProblems({
      kind: 'ga',
      is_staff: isTempAdmin,
      validityFrom: form.validityFrom ?? null,
      validityTo: form.validityTo ?? null,
    });
    for (const [path, message] of Object.entries(problems)) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
    if (form.leadershipRole && form.leadershipOrder === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['leadershipOrder'],
        message: 'A Leadership role needs a position on the page.',
      });
    }
  });
export type TBoardMemberFormInput = z.input<typeof ZBoardMemberForm>;
export type TBoardMemberForm = z.output<typeof ZBoardMemberForm>;

export const ZBoardIdParams = z.object({ id: ZId });
export const ZTempAdminEmailParams = z.object({ email: ZLine().min(1).max(254) });

/** The linked member as spec 02 §3 shows it, for Executive Members and Trustees. */
export const ZBoardLinkedMember = z.object({
  MemberId: z.number().int(),
  contactPhone: z.string(),
  /** The member's own picture (thumb URL), or null. */
  memberImage: z.string().nullable(),
  validityFrom: z.string().nullable(),
  validityTo: z.string().nullable(),
});

export const ZBoardMember = z.object({
  id: z.number().int(),
  fName: z.string(),
  lName: z.string(),
  email: z.string(),
  contactPhone: z.string(),
  memberBoardType: z.enum(BOARD_TYPES),
  /** An object for a linked Executive Member or Trustee; null for a Temp Admin or no member. */
  memberID: ZBoardLinkedMember.nullable(),
  /** The linked member's id whatever the type (a Temp Admin may be a member too). */
  linkedMemberId: z.number().int().nullable(),
  /** The board picture (thumb URL), else the linked member's, else null. */
  image: z.string().nullable(),
  /** Whether the board entry has a picture of its own (which Remove would drop). */
  hasOwnImage: z.boolean(),
  validityFrom: z.string().nullable(),
  validityTo: z.string().nullable(),
  leadershipRole: z.string().nullable(),
  leadershipOrder: z.number().int().nullable(),
});
export type TBoardMember = z.infer<typeof ZBoardMember>;

export const ZBoardList = z.array(ZBoardMember);

export const ZBoardSaved = z.object({ message: z.string(), member: ZBoardMember });
export const ZBoardDeleted = z.object({ message: z.string() });

/** The spec's member list item (spec 02 §3), for the add screen's dropdown and prefill. */
export const ZBoardCandidate = z.object({
  MemberId: z.number().int(),
  MemberFirstName: z.string(),
  MemberLastName: z.string(),
  FamilyPlanId: z.string().nullable(),
  email: z.string(),
  contactPhone: z.string(),
  memberImage: z.string().nullable(),
  validityFrom: z.string().nullable(),
  validityTo: z.string().nullable(),
});
export type TBoardCandidate = z.infer<typeof ZBoardCandidate>;
export const ZBoardCandidates = z.object({ member: z.array(ZBoardCandidate) });

export const ZTempAdminValidity = z.array(
  z.object({ validityFrom: z.string().nullable(), validityTo: z.string().nullable() }),
);

/** One card of the Leadership page: only what the public page shows. */
export const ZLeadershipOfficer = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string().nullable(),
  photo: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
});
export type TLeadershipOfficer = z.infer<typeof ZLeadershipOfficer>;
export const ZLeadership = z.object({ officers: z.array(ZLeadershipOfficer) });
