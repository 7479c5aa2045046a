import type { TFunction } from 'i18next';
import {
  MAGAZINE_PRICE_CONFLICT_MESSAGE,
  MAGAZINE_PRICE_MESSAGE,
  MAX_DEPENDENTS_MESSAGE,
  MIN_DEPENDENTS_MESSAGE,
  PREFIX_TAKEN_MESSAGE,
} from '../../../domain/contracts/plans';

/**
 * The plan rules' messages (planProblems and the server's refusals), keyed by their English
 * text so a form check and a server answer read alike in the visitor's language.
 */
export function planRuleMessages(t: TFunction): Record<string, string> {
  return {
    [MAX_DEPENDENTS_MESSAGE]: t('plans.rules.maxDependents'),
    [MIN_DEPENDENTS_MESSAGE]: t('plans.rules.minDependents'),
    'Whole dependents only.': t('plans.rules.wholeDependents'),
    [MAGAZINE_PRICE_MESSAGE]: t('plans.rules.magazinePrice'),
    [MAGAZINE_PRICE_CONFLICT_MESSAGE]: t('plans.rules.magazineConflict'),
    [PREFIX_TAKEN_MESSAGE]: t('plans.rules.prefixTaken'),
    'Membership Type is required.': t('plans.rules.typeRequired'),
    'A prefix is 1 to 6 capital letters or digits.': t('plans.rules.prefix'),
    'A fee such as 100.00, at least 0.': t('plans.rules.fee'),
    'A fee such as 25.00, at least 0.': t('plans.rules.dependentFee'),
    'A percentage from 0 to 100, with up to two decimals.': t('plans.rules.serviceCharge'),
    'Use the form YYYY-MM-DD.': t('plans.rules.dateFormat'),
    'A limited plan needs a start date.': t('plans.rules.startDate'),
    'A limited plan needs an end date.': t('plans.rules.endDate'),
    'The end date must not be before the start date.': t('plans.rules.endBeforeStart'),
  };
}
