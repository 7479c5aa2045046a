/**
 * What a plan's row holds while it is edited in place: the fields, the values they started from,
 * and the stored plan they came from. The list is fetched again after every save (and may bring
 * another admin's change); the fields follow the stored plan only while they hold no edit of
 * their own, so what an admin typed right after a save is never replaced by the refreshed list.
 */
import type { TPlan } from '../../../domain/contracts/plans';
import { rowValuesOf, type TPlanRowValues } from './plan-form';

export interface TPlanRowState {
  values: TPlanRowValues;
  /** The values as they came from a stored plan: the fields are edited while they differ. */
  baseline: TPlanRowValues;
  /** The stored plan the row was last given. */
  stored: TPlan;
}

export function rowStateOf(plan: TPlan): TPlanRowState {
  const values = rowValuesOf(plan);
  return { values, baseline: values, stored: plan };
}

/**
 * The row given a newer stored plan (PlanRow asks only when the plan it is given changes): its
 * fields follow it unless they hold an edit not yet saved.
 */
export function withStoredPlan(state: TPlanRowState, plan: TPlan): TPlanRowState {
  return state.values === state.baseline ? rowStateOf(plan) : { ...state, stored: plan };
}

export function withEdit<K extends keyof TPlanRowValues>(
  state: TPlanRowState,
  field: K,
  value: TPlanRowValues[K],
): TPlanRowState {
  return { ...state, values: { ...state.values, [field]: value } };
}

/**
 * The row once the values `sent` were saved as `saved`: its fields start from what was saved,
 * unless they were edited again while the save was under way.
 */
export function withSaved(state: TPlanRowState, sent: TPlanRowValues, saved: TPlan): TPlanRowState {
  return state.values === sent ? { ...rowStateOf(saved), stored: state.stored } : state;
}
