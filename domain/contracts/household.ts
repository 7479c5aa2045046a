/**
 * Household sign-in: every adult of a family (the spouse, a dependent of 18 or more with an
 * e-mail) may sign in with their own e-mail and password to the same family, once the main
 * member has invited them. The main member alone invites, sets each adult's rights and revokes;
 * each adult sets their own mail opt-in.
 *
 * - `GET /api/household/` (a member of the family): the family's adults and their sign-ins.
 * - `POST /api/household/invite` `{ familyMemberId }` (main member): mails a single-use link.
 * - `POST /api/household/accept/:token` `{ password }` (anyone with the link): sets the
 *   password and answers like `POST /api/memlogin`.
 * - `PUT /api/household/:id` `{ mayEditFamily, mayBuyTickets }` (main member): the adult's rights.
 * - `DELETE /api/household/:id` (main member): access revoked, sessions ended at once.
 * - `PUT /api/household/me/mail` `{ mailOptIn }` (the signed-in adult): mail to members, or not.
 */
import { z } from 'zod';
import { ZNewPassword } from './auth';
import { ZId, ZIdNumber } from './fields';
import { FAMILY_RELATIONS } from '../constants';

/** Age from which a dependent counts as an adult of the household. */
export const HOUSEHOLD_ADULT_AGE = 18;
export const HOUSEHOLD_INVITE_TTL_DAYS = 7;

export const INVITATION_INVALID_MESSAGE =
  'This invitation is not valid any more. Please ask the main member for a new one.';
export const HOUSEHOLD_REVOKED_MESSAGE = 'Their access has been revoked.';
export const HOUSEHOLD_MAIL_SAVED_MESSAGE = 'Your mail choice is saved.';
export const NOT_AN_ADULT_MESSAGE =
  'Only the spouse or a dependent of 18 or more with an e-mail can get their own sign-in.';
export const HOUSEHOLD_EMAIL_TAKEN_MESSAGE = 'This e-mail already signs in to a membership.';
export const ALREADY_SIGNS_IN_MESSAGE = 'This family member already has their own sign-in.';

/** Whether someone born on `dateOfBirth` is 18 or more on `today` (both 'YYYY-MM-DD'). */
export function isAdultOn(dateOfBirth: string | null, today: string): boolean {
  if (!dateOfBirth) return false;
  const [year, month, day] = dateOfBirth.split('-').map(Number);
  const [y, m, d] = today.split('-').map(Number);
  const age = y - year - (m < month || (m === month && d < day) ? 1 : 0);
  return age >= HOUSEHOLD_ADULT_AGE;
}

export const HOUSEHOLD_STATES = ['none', 'invited', 'active'] as const;

/** One adult of the family (or a family member who could be one) and their sign-in. */
export const ZHouseholdAdult = z.object({
  familyMemberId: z.number().int(),
  relation: z.enum(FAMILY_RELATIONS),
  firstName: z.string(),
  lastName: z.string(),
  /** The family member's e-mail now (an account keeps the one it was invited with). */
  email: z.string().nullable(),
  /** Whether they may be invited: the spouse, or a dependent of 18 or more, with an e-mail. */
  eligible: z.boolean(),
  state: z.enum(HOUSEHOLD_STATES),
  account: z
    .object({
      id: z.number().int(),
      email: z.string(),
      mayEditFamily: z.boolean(),
      mayBuyTickets: z.boolean(),
      mailOptIn: z.boolean(),
      inviteExpiresAt: z.string().nullable(),
      acceptedAt: z.string().nullable(),
    })
    .nullable(),
});
export type THouseholdAdult = z.infer<typeof ZHouseholdAdult>;
export const ZHouseholdList = z.object({ items: z.array(ZHouseholdAdult) });

export const ZHouseholdInvite = z.object({ familyMemberId: ZIdNumber });

export const ZInvitationParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
export const ZAcceptInvitation = z.object({ password: ZNewPassword });

export const ZHouseholdAccountParams = z.object({ id: ZId });
export const ZHouseholdRightsChange = z.object({
  mayEditFamily: z.boolean(),
  mayBuyTickets: z.boolean(),
});
export type THouseholdRightsChange = z.infer<typeof ZHouseholdRightsChange>;

export const ZHouseholdMailChoice = z.object({ mailOptIn: z.boolean() });
