/** The rules a family meets whatever route changes it: its plan's spouse and dependent limits, birth dates. */
import { maxDependentsMessage } from '../../../domain/contracts/plans';
import { NO_SPOUSE_IN_PLAN_MESSAGE } from '../../../domain/contracts/family';
import type { TMembershipPlanRow } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { dependentCap } from '../plans/plan-rules';

export const FUTURE_BIRTH_DATE_MESSAGE = 'A date of birth cannot be in the future.';

/** 400 unless a family of this shape fits the plan; `spouseField` names the field to mark. */
export function assertFamilyFitsPlan(
  plan: TMembershipPlanRow,
  family: { spouse: boolean; dependents: number },
  fields: { spouse: string; dependents: string } = { spouse: 'spouse', dependents: 'dependents' },
): void {
  if (family.spouse && !plan.haveSpouse) {
    throw invalid(NO_SPOUSE_IN_PLAN_MESSAGE, { [fields.spouse]: NO_SPOUSE_IN_PLAN_MESSAGE });
  }
  const cap = dependentCap(plan);
  if (family.dependents > cap) {
    const message = maxDependentsMessage(cap);
    throw invalid(message, { [fields.dependents]: message });
  }
}

/** 400 naming every given date (by its field path) that lies after today in the association's zone. */
export function assertBirthDatesNotFuture(
  dates: Record<string, string | null | undefined>,
  today: string,
): void {
  const problems: Record<string, string> = {};
  for (const [field, date] of Object.entries(dates)) {
    if (date && date > today) problems[field] = FUTURE_BIRTH_DATE_MESSAGE;
  }
  if (Object.keys(problems).length) throw invalid(FUTURE_BIRTH_DATE_MESSAGE, problems);
}
