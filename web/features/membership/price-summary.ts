/**
 * The lines of a membership price summary, from the same pricing rules the server charges with
 * (domain/pricing): the screen shows what the checkout will ask, cent for cent.
 */
import { planPriceOf, type TPlan } from '../../../domain/contracts/plans';
import type { TCents } from '../../../domain/money';
import { priceExtraDependents, priceMembership } from '../../../domain/pricing';

export interface TPriceSummary {
  /** The plan fee; absent when only dependents are bought. */
  planFeeCents?: TCents;
  dependents: number;
  dependentFeeCents: TCents;
  serviceChargePercent: number;
  serviceCents: TCents;
  totalCents: TCents;
}

type TPricedPlan = Pick<TPlan, 'PlanFee' | 'predependentFee' | 'serviceCharge'>;

/** Joining or renewing: the plan fee, the dependents, the service charge and the total. */
export function membershipSummary(plan: TPricedPlan, dependents: number): TPriceSummary {
  const price = planPriceOf(plan);
  const breakdown = priceMembership(price, dependents);
  return {
    planFeeCents: price.planFeeCents,
    dependents,
    dependentFeeCents: price.dependentFeeCents,
    serviceChargePercent: price.serviceChargePercent,
    serviceCents: breakdown.serviceCents,
    totalCents: breakdown.totalCents,
  };
}

/** Dependents added to a membership: n x the dependent fee, then the service charge. */
export function extraDependentsSummary(plan: TPricedPlan, dependents: number): TPriceSummary {
  const price = planPriceOf(plan);
  const breakdown = priceExtraDependents(price, dependents);
  return {
    dependents,
    dependentFeeCents: price.dependentFeeCents,
    serviceChargePercent: price.serviceChargePercent,
    serviceCents: breakdown.serviceCents,
    totalCents: breakdown.totalCents,
  };
}
