/**
 * Renewal reminders (issue 15): the signed link's exchange for one renewal, and the staff list of
 * who was reminded, when, and who renewed since.
 */
import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { RENEWAL_REMINDER_KINDS } from '../membership-status';
import { MAX_DB_INT, ZLine, ZWhole, ZWholeNumber } from './fields';

/** The link's token: 32 random bytes, base64url. Sent in a body, never as a session. */
export const ZReminderToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This renewal link is not valid.');

export const REMINDER_LINK_UNKNOWN_MESSAGE =
  'This renewal link is not valid. Please sign in to renew your membership.';
export const REMINDER_LINK_EXPIRED_MESSAGE =
  'This renewal link has expired. Please sign in to renew your membership.';
export const REMINDER_LINK_USED_MESSAGE =
  'This renewal link was already used: the membership is renewed.';
export const REMINDER_LINK_OTHER_MEMBER_MESSAGE = 'This renewal link is for another membership.';

export const ZReminderLinkRequest = z.object({ token: ZReminderToken });

/** What the renewal screen needs to show the family's membership; no address, phone or notes. */
export const ZReminderLinkView = z.object({
  member: z.object({
    MemberId: z.number().int(),
    MemberFirstName: z.string(),
    MemberLastName: z.string(),
    FamilyPlanId: z.string().nullable(),
    planId: z.number().int().nullable(),
    MembershipType: z.string().nullable(),
    is_active: z.boolean(),
    validityFrom: z.string().nullable(),
    validityTo: z.string().nullable(),
  }),
  /** How many dependents the family has now (the renewal keeps all or some). */
  dependents: z.number().int(),
  linkExpiresAt: z.string(),
});
export type TReminderLinkView = z.infer<typeof ZReminderLinkView>;

export const ZReminderKind = z.enum(RENEWAL_REMINDER_KINDS);

export const ZReminderListQuery = z.object({
  /** Name, e-mail or FamilyID; empty lists everyone. */
  search: ZLine().max(200).optional(),
  kind: ZReminderKind.optional(),
  renewed: z.enum(['yes', 'no']).optional(),
  page: ZWhole(1, MAX_DB_INT).default(1),
  pageSize: ZWholeNumber.refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
    message: `Page size is one of ${PAGE_SIZES.join(', ')}.`,
  }).default(PAGE_SIZES[0]),
});
export type TReminderListQuery = z.input<typeof ZReminderListQuery>;

export const ZReminderEntry = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  FamilyPlanId: z.string().nullable(),
  email: z.string(),
  kind: ZReminderKind,
  /** The membership's end date the reminder was about. */
  validityTo: z.string(),
  sentAt: z.string(),
  /** Renewed since: the membership now runs past that end date (through the link or otherwise). */
  renewed: z.boolean(),
  /** When a renewal through this reminder's link was paid, or null. */
  renewedThroughLinkAt: z.string().nullable(),
});
export type TReminderEntry = z.infer<typeof ZReminderEntry>;

export const ZReminderListResponse = z.object({
  items: z.array(ZReminderEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TReminderListResponse = z.infer<typeof ZReminderListResponse>;

export const ZReminderRunAnswer = z.object({ sent: z.number().int() });
