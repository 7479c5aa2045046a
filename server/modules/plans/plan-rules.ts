/**
 * What a plan allows a membership (DESIGN §3d): whether it is on offer today, how many
 * dependents it takes, and the validity window a payment for it buys.
 */
import { eq } from 'drizzle-orm';
import { MAX_DEPENDENTS } from '../../../domain/constants';
import { formatCalendarDate } from '../../../domain/dates';
import type { TPlanPrice } from '../../../domain/pricing';
import type { TDbOrTx } from '../../db/client';
import { membershipPlans, type TMemberRow, type TMembershipPlanRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';

export async function findPlan(db: TDbOrTx, planId: number): Promise<TMembershipPlanRow> {
  const [plan] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, planId));
  if (!plan) throw notFound('membership plan');
  return plan;
}

export function planWindowEndedMessage(plan: TMembershipPlanRow): string {
  return `The ${plan.membershipType} period ended on ${formatCalendarDate(plan.validityTo)}; it can be joined or renewed again once the association opens its next period.`;
}

/** Why the plan cannot be bought today, or null: it is switched off or its Limited window is over. */
export function planNotOfferedReason(plan: TMembershipPlanRow, today: string): string | null {
  if (!plan.isActive) return `The ${plan.membershipType} plan is not offered any more.`;
  if (plan.validityType === 'Limited' && plan.validityTo !== null && plan.validityTo < today) {
    return planWindowEndedMessage(plan);
  }
  return null;
}

/** 409 with the reason unless the plan can be bought today. */
export function assertPlanOffered(plan: TMembershipPlanRow, today: string): void {
  const reason = planNotOfferedReason(plan, today);
  if (reason) throw conflict(reason, { planId: reason });
}

/** The most dependents a family on this plan may have: the plan's number, never above 6. */
export function dependentCap(plan: TMembershipPlanRow): number {
  return Math.min(plan.maxDependent, MAX_DEPENDENTS);
}

/**
 * The window a paid registration or renewal gives: a Limited plan's own window; an Unlimited
 * plan from today without end (an open-ended membership keeps the day it began).
 */
export function validityFor(
  plan: TMembershipPlanRow,
  today: string,
  current?: Pick<TMemberRow, 'isActive' | 'validityFrom' | 'validityTo'>,
): { validityFrom: string | null; validityTo: string | null } {
  if (plan.validityType === 'Limited') {
    return { validityFrom: plan.validityFrom, validityTo: plan.validityTo };
  }
  const openEnded = current?.isActive && current.validityTo === null && current.validityFrom;
  return { validityFrom: openEnded ? current.validityFrom : today, validityTo: null };
}

/** A plan's prices as `domain/pricing` takes them. */
export function priceOfPlan(plan: TMembershipPlanRow): TPlanPrice {
  return {
    planFeeCents: plan.planFeeCents,
    dependentFeeCents: plan.dependentFeeCents,
    serviceChargePercent: Number(plan.serviceChargePercent),
  };
}
