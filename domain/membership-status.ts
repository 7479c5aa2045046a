/**
 * Whether a membership is in force, whether it still gets member prices, and which renewal
 * reminder it is due (DESIGN §3d, issue 15). One rule, used by the server's presenters, ticket
 * checkouts and the reminder scheduler alike.
 */
import { addDays } from './dates';

export interface TMembershipState {
  isActive: boolean;
  /** The last day of the validity window; null for an Unlimited plan. */
  validityTo: string | null;
}

/** In force on `today`: the flag is on and the validity end is empty or not past. */
export function isInForce(member: TMembershipState, today: string): boolean {
  return member.isActive && (member.validityTo === null || member.validityTo >= today);
}

/**
 * Member prices and the family's member-ticket allowance: while in force, and for `graceDays`
 * after a Limited membership ended (the grace period lets a lapsed family renew late).
 */
export function getsMemberPrices(
  member: TMembershipState,
  today: string,
  graceDays: number,
): boolean {
  if (!member.isActive) return false;
  return member.validityTo === null || addDays(member.validityTo, graceDays) >= today;
}

/** The reminders, by how many days before (positive) or after (negative) the end they go out. */
export const RENEWAL_REMINDER_KINDS = ['before-30', 'before-7', 'after-7'] as const;
export type TRenewalReminderKind = (typeof RENEWAL_REMINDER_KINDS)[number];

export const REMINDER_OFFSET_DAYS: Record<TRenewalReminderKind, number> = {
  'before-30': 30,
  'before-7': 7,
  'after-7': -7,
};

/** How long after its day the last reminder may still go out, should the server have been down. */
export const REMINDER_CATCH_UP_DAYS = 14;

/**
 * The one reminder due on `today` for a membership ending on `validityTo`: the latest whose day
 * has come, so a server that was down from 31 days before the end to 5 days before sends the
 * 7-day reminder only, never the 30-day one as well. None before 30 days ahead, and none once
 * the 7-days-after reminder is REMINDER_CATCH_UP_DAYS late.
 */
export function dueReminder(validityTo: string, today: string): TRenewalReminderKind | null {
  if (today < addDays(validityTo, -REMINDER_OFFSET_DAYS['before-30'])) return null;
  if (today > addDays(validityTo, 7 + REMINDER_CATCH_UP_DAYS)) return null;
  const due = RENEWAL_REMINDER_KINDS.filter(
    (kind) => today >= addDays(validityTo, -REMINDER_OFFSET_DAYS[kind]),
  );
  return due[due.length - 1] ?? null;
}
