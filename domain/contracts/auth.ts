/**
 * The wire contract of sign-in, sessions, password changes and admin accounts (DESIGN §3, §3b).
 * The server's routes declare these schemas and the browser's forms and hooks import the same
 * ones, so a field renamed here is renamed on both sides.
 */
import { z } from 'zod';
import { ZId, ZLine } from './fields';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { isCalendarDate } from '../dates';

export const ADMIN_ACCOUNT_KINDS = ['ga', 'su'] as const;
export type TAdminAccountKind = (typeof ADMIN_ACCOUNT_KINDS)[number];

/** The spec's generic vocabulary (spec 01 §5), answered with 401 on any failed sign-in. */
export const LOGIN_INCORRECT_MESSAGE = 'The login detail is incorrect';
export const TEMP_ADMIN_NOT_VALID_MESSAGE = 'Your temporary admin access is not valid today.';
export const RESET_DONE_MESSAGE = 'Your account has been successfully reset.';
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this e-mail address, a link to reset its password is on its way.';
export const RESET_LINK_INVALID_MESSAGE =
  'This reset link is not valid any more. Please ask for a new one.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';
export const SIGNED_OUT_MESSAGE = 'You have been signed out.';
export const CURRENT_PASSWORD_WRONG_MESSAGE = 'The current password is not correct.';

/**
 * Whether a temporary admin may work on `today` ('YYYY-MM-DD' in the association's time zone):
 * both ends are included; a missing end is open.
 */
export function isWithinValidity(
  window: { validityFrom: string | null; validityTo: string | null },
  today: string,
): boolean {
  if (window.validityFrom && today < window.validityFrom) return false;
  if (window.validityTo && today > window.validityTo) return false;
  return true;
}

export const ZEmail = ZLine().max(254).pipe(z.email('Email is not Valid.'));

/** A new password; sign-in accepts any non-empty text so old short passwords still get the 401. */
export const ZNewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password minimum length is ${PASSWORD_MIN_LENGTH}`)
  .max(200);

export const ZCalendarDate = z.string().refine(isCalendarDate, 'Use the form YYYY-MM-DD.');

// ---- sign-in ------------------------------------------------------------------------------

export const ZSignInRequest = z.object({
  email: ZEmail,
  password: z.string().min(1, 'Password is required').max(200),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

/** A signed-in admin, super user or temporary admin as the browser sees it: no secrets. */
export const ZAdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  kind: z.enum(ADMIN_ACCOUNT_KINDS),
  role: z.enum(['tempadmin', 'admin', 'super']),
  is_staff: z.boolean(),
  validityFrom: z.string().nullable(),
  validityTo: z.string().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** What a household adult (not the main member) may do; see contracts/household.ts. */
export const ZHouseholdRights = z.object({
  accountId: z.number().int(),
  mayEditFamily: z.boolean(),
  mayBuyTickets: z.boolean(),
  mailOptIn: z.boolean(),
});
export type THouseholdRightsView = z.infer<typeof ZHouseholdRights>;

/**
 * A signed-in member: MemberId is the spec's member id, FamilyPlanId is null until first paid.
 * Another adult of the family signed in with their own household sign-in has the family's ids,
 * their own e-mail and name, and `household` with what the main member allows them.
 */
export const ZMemberUser = z.object({
  id: z.number().int(),
  MemberId: z.number().int(),
  FamilyPlanId: z.string().nullable(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  kind: z.literal('mem'),
  role: z.literal('member'),
  household: ZHouseholdRights.optional(),
});
export type TMemberUser = z.infer<typeof ZMemberUser>;

export const ZSessionUser = z.discriminatedUnion('kind', [ZAdminUser, ZMemberUser]);
export type TSessionUser = z.infer<typeof ZSessionUser>;

const ZSignInResponse = <T extends z.ZodType>(user: T) =>
  z.object({
    authToken: z.string(),
    /** Seconds the session lives without use; each use extends it (admins 10 h, members 30 days). */
    expiresIn: z.number().int().positive(),
    user,
  });
export const ZAdminSignInResponse = ZSignInResponse(ZAdminUser);
export const ZMemberSignInResponse = ZSignInResponse(ZMemberUser);
export type TAdminSignInResponse = z.infer<typeof ZAdminSignInResponse>;
export type TMemberSignInResponse = z.infer<typeof ZMemberSignInResponse>;

/** Token look-ups read the bearer header; the path segment is always `me` (DESIGN §3d). */
export const ZMeParams = z.object({ id: z.literal('me') });
/** Password change: `me`, or the caller's own numeric id. */
export const ZSelfParams = z.object({
  id: z.string().regex(/^(me|[1-9][0-9]{0,9})$/, 'Use "me" or your own id.'),
});

// ---- sign-out -----------------------------------------------------------------------------

/**
 * The spec's log call on logout: `{ <role label>: storedSession }`. It is accepted and ignored;
 * the server logs the sign-out from the caller's own session.
 */
export const ZSignOutRequest = z.record(z.string(), z.unknown()).nullish();
export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

// ---- passwords ----------------------------------------------------------------------------

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetTokenParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
export const ZResetPasswordRequest = z.object({ password: ZNewPassword });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(200),
  newPassword: ZNewPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

// ---- admin accounts (gshsignup, super user only) ------------------------------------------

export const ZAdminAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  kind: z.enum(ADMIN_ACCOUNT_KINDS),
  is_staff: z.boolean(),
  validityFrom: z.string().nullable(),
  validityTo: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAdminAccount = z.infer<typeof ZAdminAccount>;
export const ZAdminAccountList = z.object({ items: z.array(ZAdminAccount) });

const adminAccountFields = {
  email: ZEmail,
  firstName: ZLine().min(1, 'First name is required').max(100),
  lastName: ZLine().max(100).default(''),
  kind: z.enum(ADMIN_ACCOUNT_KINDS),
  is_staff: z.boolean().default(false),
  validityFrom: ZCalendarDate.nullable().default(null),
  validityTo: ZCalendarDate.nullable().default(null),
  is_active: z.boolean().default(true),
};

type TAccountRuleInput = {
  kind: TAdminAccountKind;
  is_staff: boolean;
  validityFrom: string | null;
  validityTo: string | null;
};

/** The rules of an account that hold together; shared by the form and the server. */
export function adminAccountProblems(account: TAccountRuleInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (account.is_staff && account.kind !== 'ga') {
    problems.is_staff = 'Only a global admin account can be a temporary admin.';
  }
  if (account.is_staff && !account.validityFrom)
    problems.validityFrom = 'A temporary admin needs a start date.';
  if (account.is_staff && !account.validityTo)
    problems.validityTo = 'A temporary admin needs an end date.';
  if (account.validityFrom && account.validityTo && account.validityFrom > account.validityTo) {
    problems.validityTo = 'The end date must not be before the start date.';
  }
  return problems;
}

function withAccountRules<T extends z.ZodType<TAccountRuleInput>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(adminAccountProblems(value))) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });
}

export const ZAdminAccountCreate = withAccountRules(
  z.object({ ...adminAccountFields, password: ZNewPassword }),
);
export type TAdminAccountCreate = z.input<typeof ZAdminAccountCreate>;

/** The whole account as the edit form holds it; a password only when it is to be replaced. */
export const ZAdminAccountUpdate = withAccountRules(
  z.object({ ...adminAccountFields, password: ZNewPassword.optional() }),
);
export type TAdminAccountUpdate = z.input<typeof ZAdminAccountUpdate>;

export const ZAccountIdParams = z.object({ id: ZId });
