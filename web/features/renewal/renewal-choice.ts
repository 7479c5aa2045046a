/**
 * The renewal's choices: which plan (the current one when it is still on offer) and how many
 * of the family's dependents to keep (all by default, never more than the plan allows).
 */
import { MAX_DEPENDENTS } from '../../../domain/constants';
import type { TPlan } from '../../../domain/contracts/plans';

export function defaultPlanId(
  plans: readonly TPlan[],
  currentPlanId: number | null,
): number | null {
  return plans.some((plan) => plan.id === currentPlanId) ? currentPlanId : null;
}

/** The most dependents the family can keep on a plan. */
export function keepLimit(plan: TPlan | undefined, currentDependents: number): number {
  const cap = Math.min(plan?.maxDependent ?? MAX_DEPENDENTS, MAX_DEPENDENTS);
  return Math.min(currentDependents, cap);
}

/** The number to keep: what was asked (all by default), within the limit. */
export function dependentsToKeep(asked: number | null, limit: number): number {
  return Math.max(0, Math.min(asked ?? limit, limit));
}
