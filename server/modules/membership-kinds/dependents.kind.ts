/**
 * Checkout kind `dependents` (DESIGN §3b, §3d): more dependents for an active membership, at
 * n x the dependent fee + service charge, never past the plan's limit. Fulfilment puts them into
 * the lowest free slots and raises the number paid for.
 */
import { eq } from 'drizzle-orm';
import { ZDependentsCheckout } from '../../../domain/contracts/family';
import type { TDependentInput } from '../../../domain/contracts/members';
import { maxDependentsMessage } from '../../../domain/contracts/plans';
import { MAX_DEPENDENTS } from '../../../domain/constants';
import { centsToDecimal } from '../../../domain/money';
import { priceExtraDependents } from '../../../domain/pricing';
import { members, type TPaymentRow } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import { assertBirthDatesNotFuture } from '../family/family-rules';
import {
  dependentsOf,
  familyRowsOf,
  freeDependentSlots,
  insertDependents,
} from '../family/family-rows';
import { lockFamilyHead } from '../family/family.service';
import { isInForce } from '../members/members.presenter';
import { findMember } from '../payments/kinds/member-allowance';
import { withQuery } from '../payments/kinds/ticket-common';
import { defineKind } from '../payments/kinds/types';
import { dependentCap, findPlan, priceOfPlan } from '../plans/plan-rules';
import { countOf, membershipPurchase, todayOf } from './membership-common';

export const MEMBERSHIP_NOT_IN_FORCE_MESSAGE =
  'This membership is not active. Please renew it first.';

function freePaidSlotsMessage(free: number): string {
  return `The membership has ${countOf(free, 'paid-for slot', 'paid-for slots')} free: add ${free === 1 ? 'that dependent' : 'those dependents'} from the family page at no cost first.`;
}

function dependentsOfPayment(payment: TPaymentRow): TDependentInput[] {
  // `details` is jsonb; this kind's own `price` wrote it, parsed by ZDependentsCheckout
  return (payment.details as { dependents: TDependentInput[] }).dependents;
}

export const dependentsKind = defineKind({
  kind: 'dependents',
  body: ZDependentsCheckout,
  buyers: 'family',
  memberIdOf: (input) => input.memberid,
  async price(tx, input, ctx) {
    const today = todayOf(ctx);
    assertBirthDatesNotFuture(
      Object.fromEntries(
        input.dependents.map((d, i) => [`dependents.${i}.dateOfBirth`, d.dateOfBirth]),
      ),
      today,
    );
    const member = await findMember(tx, input.memberid);
    if (!isInForce(member, today) || member.planId === null)
      throw conflict(MEMBERSHIP_NOT_IN_FORCE_MESSAGE);
    const plan = await findPlan(tx, member.planId);
    const current = dependentsOf(await familyRowsOf(tx, member.id)).length;
    const cap = dependentCap(plan);
    if (current + input.dependents.length > cap) {
      throw invalid(maxDependentsMessage(cap), { dependents: maxDependentsMessage(cap) });
    }
    // A freed slot that is already paid for is refilled for free, never sold twice
    const freePaid = member.dependentsPaid - current;
    if (freePaid > 0)
      throw conflict(freePaidSlotsMessage(freePaid), {
        dependents: freePaidSlotsMessage(freePaid),
      });
    const n = input.dependents.length;
    const price = priceExtraDependents(priceOfPlan(plan), n);
    return membershipPurchase('dependents', plan, member, n, price, {
      memberId: member.id,
      planId: plan.id,
      dependents: input.dependents,
    });
  },
  // Dependents added to free slots meanwhile may leave no room under the plan's limit
  async recheck(tx, payment) {
    if (payment.memberId === null || payment.planId === null)
      return 'This membership no longer exists.';
    const member = await lockFamilyHead(tx, payment.memberId);
    const cap = dependentCap(await findPlan(tx, member.planId ?? payment.planId));
    const current = dependentsOf(await familyRowsOf(tx, member.id)).length;
    return current + payment.dependent > cap ? maxDependentsMessage(cap) : null;
  },
  async fulfil(tx, payment, ctx) {
    if (payment.memberId === null)
      throw new Error(`Dependents payment ${payment.transactionId} names no member.`);
    const member = await lockFamilyHead(tx, payment.memberId);
    const rows = await familyRowsOf(tx, member.id);
    const added = dependentsOfPayment(payment);
    await insertDependents(tx, member.id, added, freeDependentSlots(rows), ctx.now);
    const paid = Math.max(member.dependentsPaid, dependentsOf(rows).length) + added.length;
    await tx
      .update(members)
      .set({ dependentsPaid: Math.min(paid, MAX_DEPENDENTS), updatedAt: ctx.now })
      .where(eq(members.id, member.id));
  },
  // A refunded purchase no longer pays for its slots: the dependents stay on the family, but the
  // next one added is charged again
  async release(tx, payment, ctx) {
    if (payment.memberId === null) return;
    const member = await lockFamilyHead(tx, payment.memberId);
    await tx
      .update(members)
      .set({
        dependentsPaid: Math.max(0, member.dependentsPaid - payment.dependent),
        updatedAt: ctx.now,
      })
      .where(eq(members.id, member.id));
  },
  describe: async (_db, payment) =>
    `${payment.productName}: ${countOf(payment.dependent, 'dependent', 'dependents')} added (${dependentsOfPayment(
      payment,
    )
      .map((d) => d.name)
      .join(', ')})`,
  successPath: (payment) =>
    withQuery('/family', {
      email: payment.email,
      member_id: payment.memberId,
      dependent: payment.dependent,
      transaction_id: payment.transactionId,
      amount: centsToDecimal(payment.amountCents),
    }),
  cancelPath: () => '/family',
});
