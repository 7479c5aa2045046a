/**
 * A plan row's inline values and the update they become. The form checks them with the
 * contract's own ZPlanUpdate (planProblems), so the browser refuses what the server would,
 * in the same words, most important first.
 */
import type { TValidityType } from '../../../domain/constants';
import { ZPlanUpdate, type TPlan, type TPlanUpdate } from '../../../domain/contracts/plans';

export type TPlanRowValues = {
  MembershipType: string;
  prefix: string;
  PlanFee: string;
  haveSpouse: boolean;
  predependentFee: string;
  /** As a number input holds it: '' while empty. */
  maxDependent: number | string;
  serviceCharge: number | string;
  validityType: TValidityType;
  is_active: boolean;
  validityFrom: string | null;
  validityTo: string | null;
};

export function rowValuesOf(plan: TPlan): TPlanRowValues {
  return {
    MembershipType: plan.MembershipType,
    prefix: plan.prefix,
    PlanFee: plan.PlanFee,
    haveSpouse: plan.haveSpouse,
    predependentFee: plan.predependentFee,
    maxDependent: plan.maxDependent,
    serviceCharge: plan.serviceCharge,
    validityType: plan.validityType,
    is_active: plan.is_active,
    validityFrom: plan.validityFrom,
    validityTo: plan.validityTo,
  };
}

/**
 * The whole plan as the update sends it. An empty max dependent counts as 0 (so "At least 1
 * dependent is required."); an Unlimited plan has no window, so its dates are left out; the
 * magazine price (PlanType) is kept as stored: it has its own Update Price line.
 */
export function planUpdateOf(values: TPlanRowValues, plan: TPlan): TPlanUpdate {
  const limited = values.validityType === 'Limited';
  return {
    id: plan.id,
    MembershipType: values.MembershipType,
    prefix: values.prefix,
    PlanFee: values.PlanFee,
    haveSpouse: values.haveSpouse,
    predependentFee: values.predependentFee,
    maxDependent: values.maxDependent === '' ? 0 : Number(values.maxDependent),
    serviceCharge: values.serviceCharge === '' ? Number.NaN : Number(values.serviceCharge),
    validityType: values.validityType,
    is_active: values.is_active,
    validityFrom: limited ? values.validityFrom : null,
    validityTo: limited ? values.validityTo : null,
    PlanType: plan.PlanType,
  };
}

/** The magazine plan's whole plan with a new magazine price; the server sets its fee from it. */
export function magazinePriceUpdateOf(plan: TPlan, price: string): TPlanUpdate {
  return { ...planUpdateOf(rowValuesOf(plan), plan), PlanType: price.trim() };
}

/** Each field's first problem, in the contract's order (the first is the one to warn about). */
export function planProblemsOf(update: TPlanUpdate): [field: string, message: string][] {
  const parsed = ZPlanUpdate.safeParse(update);
  if (parsed.success) return [];
  const problems = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!problems.has(field)) problems.set(field, issue.message);
  }
  return [...problems];
}
