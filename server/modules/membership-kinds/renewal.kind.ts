/**
 * Checkout kind `renewal` (DESIGN §3b, §3d): a member renews their own membership, staff any,
 * on its plan or another active one, keeping all or some of the dependents. Fulfilment moves the
 * membership to the plan's current window (Limited) or makes it open-ended (Unlimited), and
 * gives a family entered by staff its FamilyPlanId on this first payment.
 */
import { eq, inArray } from 'drizzle-orm';
import { SUCCESS_SCREENS } from '../../../domain/contracts/payments';
import { ZRenewalCheckout } from '../../../domain/contracts/members';
import { maxDependentsMessage } from '../../../domain/contracts/plans';
import { formatCalendarDate } from '../../../domain/dates';
import { centsToDecimal } from '../../../domain/money';
import { priceMembership } from '../../../domain/pricing';
import { familyMembers, members, type TMemberRow, type TMembershipPlanRow } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import { dependentsOf, familyRowsOf } from '../family/family-rows';
import { lockFamilyHead } from '../family/family.service';
import { isInForce } from '../members/members.presenter';
import { findMember } from '../payments/kinds/member-allowance';
import { withQuery } from '../payments/kinds/ticket-common';
import { defineKind } from '../payments/kinds/types';
import {
  assertPlanOffered,
  dependentCap,
  findPlan,
  planNotOfferedReason,
  priceOfPlan,
  validityFor,
} from '../plans/plan-rules';
import {
  checkReminderLink,
  markReminderRenewed,
  reminderUsedReason,
} from '../reminders/reminder-link.service';
import { nextFamilyPlanId } from './family-plan-id';
import { countOf, membershipPurchase, todayOf } from './membership-common';

/** Paying again for a window the membership already has would buy nothing. */
function alreadyCoveredMessage(
  member: TMemberRow,
  plan: TMembershipPlanRow,
  today: string,
): string | null {
  if (!isInForce(member, today) || member.planId !== plan.id) return null;
  if (plan.validityType === 'Unlimited') {
    return member.validityTo === null
      ? `This ${plan.membershipType} has no end date; it needs no renewal.`
      : null;
  }
  if (
    member.validityTo !== null &&
    plan.validityTo !== null &&
    member.validityTo >= plan.validityTo
  ) {
    return `This membership already runs until ${formatCalendarDate(member.validityTo)}, the end of the plan's current period.`;
  }
  return null;
}

export const renewalKind = defineKind({
  kind: 'renewal',
  body: ZRenewalCheckout,
  buyers: 'family',
  memberIdOf: (input) => input.memberid,
  // A reminder e-mail's link renews its own member without a sign-in (issue 15)
  async linkAuthority(db, input, now) {
    if (input.reminder === undefined) return null;
    const { reminder } = await checkReminderLink(db, input.reminder, now, input.memberid);
    return { reminderId: reminder.id };
  },
  async price(tx, input, ctx) {
    const today = todayOf(ctx);
    const member = await findMember(tx, input.memberid);
    const plan = await findPlan(tx, input.planId);
    assertPlanOffered(plan, today);
    const rows = await familyRowsOf(tx, member.id);
    const current = dependentsOf(rows).length;
    const keep = input.dependents ?? current;
    if (keep > current) {
      const message = `The family has ${countOf(current, 'dependent', 'dependents')}; it cannot keep ${keep}.`;
      throw invalid(message, { dependents: message });
    }
    const cap = dependentCap(plan);
    if (keep > cap)
      throw invalid(maxDependentsMessage(cap), { dependents: maxDependentsMessage(cap) });
    if (!plan.haveSpouse && rows.some((row) => row.relation === 'spouse')) {
      const message = `The ${plan.membershipType} plan does not include a spouse; remove the spouse from the family first.`;
      throw invalid(message, { planId: message });
    }
    const covered = alreadyCoveredMessage(member, plan, today);
    if (covered) throw conflict(covered, { planId: covered });
    const price = priceMembership(priceOfPlan(plan), keep);
    return membershipPurchase('renewal', plan, member, keep, price, {
      memberId: member.id,
      planId: plan.id,
      dependents: keep,
    });
  },
  // The plan may have closed its window or been switched off while the buyer was paying
  async recheck(tx, payment, ctx) {
    if (payment.memberId === null || payment.planId === null)
      return 'This membership no longer exists.';
    return (
      (await reminderUsedReason(tx, payment)) ??
      planNotOfferedReason(await findPlan(tx, payment.planId), todayOf(ctx))
    );
  },
  async fulfil(tx, payment, ctx) {
    if (payment.memberId === null || payment.planId === null)
      throw new Error(`Renewal ${payment.transactionId} names no member or plan.`);
    const member = await lockFamilyHead(tx, payment.memberId);
    const plan = await findPlan(tx, payment.planId);
    // Dependents beyond the number kept leave from the highest slot down
    const surplus = dependentsOf(await familyRowsOf(tx, member.id)).slice(payment.dependent);
    if (surplus.length)
      await tx.delete(familyMembers).where(
        inArray(
          familyMembers.id,
          surplus.map((row) => row.id),
        ),
      );
    await tx
      .update(members)
      .set({
        planId: plan.id,
        familyPlanId: member.familyPlanId ?? (await nextFamilyPlanId(tx, plan.prefix)),
        isActive: true,
        ...validityFor(plan, todayOf(ctx), member),
        dependentsPaid: Math.min(payment.dependent, dependentCap(plan)),
        updatedAt: ctx.now,
      })
      .where(eq(members.id, member.id));
    await markReminderRenewed(tx, payment, member, ctx.now);
  },
  describe: async (_db, payment) =>
    `${payment.productName}, renewal for ${payment.memberName ?? payment.email} with ${countOf(payment.dependent, 'dependent', 'dependents')}`,
  successPath: (payment) =>
    withQuery(SUCCESS_SCREENS.renewal.path, {
      email: payment.email,
      membershipplan: payment.productName,
      dependent: payment.dependent,
      transaction_id: payment.transactionId,
      amount: centsToDecimal(payment.amountCents),
      member_id: payment.memberId,
    }),
  cancelPath: () => '/renewmember',
});
