/**
 * A reminder's one-click link (issue 15, DESIGN §3d): its token authenticates its member for that
 * one renewal, nothing else. It is exchanged for the renewal screen's view and accepted by the
 * renewal checkout as the buyer's authority, never for a session; it stops working once the
 * renewal is paid (or the membership renewed otherwise) and REMINDER_LINK_DAYS after it was sent.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { toCalendarDate } from '../../../domain/dates';
import { isInForce } from '../../../domain/membership-status';
import {
  REMINDER_LINK_EXPIRED_MESSAGE,
  REMINDER_LINK_OTHER_MEMBER_MESSAGE,
  REMINDER_LINK_UNKNOWN_MESSAGE,
  REMINDER_LINK_USED_MESSAGE,
  type TReminderLinkView,
} from '../../../domain/contracts/reminders';
import { fullName } from '../../../domain/display';
import type { TDbOrTx, TTx } from '../../db/client';
import {
  renewalReminders,
  type TMemberRow,
  type TPaymentRow,
  type TRenewalReminderRow,
} from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError, conflict, forbidden } from '../../lib/errors';
import { hashToken } from '../auth/sessions';
import { dependentsOf, familyRowsOf } from '../family/family-rows';
import { findMemberWithPlan } from '../members/members.service';
import { findMember } from '../payments/kinds/member-allowance';

export interface TGoodLink {
  reminder: TRenewalReminderRow;
  member: TMemberRow;
}

/**
 * The reminder and member a token is good for, or the refusal: unknown, for another member,
 * already used (renewed), expired.
 */
export async function checkReminderLink(
  db: TDbOrTx,
  token: string,
  now: Date,
  memberId?: number,
): Promise<TGoodLink> {
  const [reminder] = await db
    .select()
    .from(renewalReminders)
    .where(eq(renewalReminders.tokenHash, hashToken(token)));
  if (!reminder) throw new AppError('NOT_FOUND', REMINDER_LINK_UNKNOWN_MESSAGE);
  if (memberId !== undefined && memberId !== reminder.memberId)
    throw forbidden(REMINDER_LINK_OTHER_MEMBER_MESSAGE);
  const member = await findMember(db, reminder.memberId);
  // Renewed through this link, or otherwise (the membership no longer ends on that day)
  if (reminder.renewedAt !== null || member.validityTo !== reminder.validityTo)
    throw conflict(REMINDER_LINK_USED_MESSAGE, { reminder: REMINDER_LINK_USED_MESSAGE });
  if (reminder.linkExpiresAt.getTime() <= now.getTime())
    throw forbidden(REMINDER_LINK_EXPIRED_MESSAGE);
  return { reminder, member };
}

/** What the renewal screen shows for a link: the membership and its number of dependents. */
export async function reminderLinkView(
  db: TDbOrTx,
  token: string,
  now: Date,
  timeZone: string,
): Promise<TReminderLinkView> {
  const { reminder } = await checkReminderLink(db, token, now);
  const { member, plan } = await findMemberWithPlan(db, reminder.memberId);
  const dependents = dependentsOf(await familyRowsOf(db, member.id)).length;
  return {
    member: {
      MemberId: member.id,
      MemberFirstName: member.firstName,
      MemberLastName: member.lastName,
      FamilyPlanId: member.familyPlanId,
      planId: member.planId,
      MembershipType: plan?.membershipType ?? null,
      is_active: isInForce(member, toCalendarDate(now, timeZone)),
      validityFrom: member.validityFrom,
      validityTo: member.validityTo,
    },
    dependents,
    linkExpiresAt: reminder.linkExpiresAt.toISOString(),
  };
}

/** The reminder a renewal payment was started from, if any (kept in its details). */
export function reminderIdOf(payment: Pick<TPaymentRow, 'details'>): number | null {
  const id = payment.details.reminderId;
  return typeof id === 'number' ? id : null;
}

/** Why a renewal started from a link can no longer be paid: the link was used meanwhile. */
export async function reminderUsedReason(tx: TTx, payment: TPaymentRow): Promise<string | null> {
  const id = reminderIdOf(payment);
  if (id === null) return null;
  const [reminder] = await tx
    .select({ renewedAt: renewalReminders.renewedAt })
    .from(renewalReminders)
    .where(eq(renewalReminders.id, id));
  return reminder && reminder.renewedAt !== null ? REMINDER_LINK_USED_MESSAGE : null;
}

/** In the confirming transaction: the link is spent, and the renewal through it is logged. */
export async function markReminderRenewed(
  tx: TTx,
  payment: TPaymentRow,
  member: TMemberRow,
  now: Date,
): Promise<void> {
  const id = reminderIdOf(payment);
  if (id === null) return;
  const [reminder] = await tx
    .update(renewalReminders)
    .set({ renewedAt: now, renewalTransactionId: payment.transactionId })
    .where(and(eq(renewalReminders.id, id), isNull(renewalReminders.renewedAt)))
    .returning();
  if (!reminder) return;
  await writeAudit(
    tx,
    {
      actor: {
        user: fullName(member.firstName, member.lastName),
        email: member.email,
        userType: 'Member',
        ipAddress: '',
      },
      method: 'POST',
      at: now,
    },
    {
      message: `Membership renewed through the renewal reminder link (${reminder.kind}, ending ${reminder.validityTo}): payment ${payment.transactionId}`,
    },
  );
}
