import classes from './PlansTable.module.css';

/** The plans table's columns, in order; each header reads `plans.columns.<column>`. */
export const PLAN_COLUMNS = [
  'type',
  'prefix',
  'fee',
  'spouse',
  'dependentFee',
  'maxDependent',
  'serviceCharge',
  'validityType',
  'status',
  'validityStart',
  'validityEnd',
  'action',
] as const;

/** The plan's name and its buttons stay in sight on a wide screen (PlansTable.module.css). */
export function stickyClassOf(column: (typeof PLAN_COLUMNS)[number]): string | undefined {
  if (column === 'type') return classes.stickyStart;
  if (column === 'action') return classes.stickyEnd;
  return undefined;
}
