import type { TFunction } from 'i18next';
import { MAX_DEPENDENTS } from '../../../domain/constants';
import { NO_SPOUSE_IN_PLAN_MESSAGE, SPOUSE_EXISTS_MESSAGE } from '../../../domain/contracts/family';
import {
  EMAIL_PAYMENT_IN_PROGRESS_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  INVALID_PHONE_MESSAGE,
} from '../../../domain/contracts/members';
import { maxDependentsMessage } from '../../../domain/contracts/plans';
import {
  ZIP_FORMAT_MESSAGE,
  ZIP_STATE_MESSAGE,
  ZIP_UNKNOWN_STATE_MESSAGE,
} from '../../../domain/zip-prefixes';

/**
 * The membership rules' own messages, from the contracts and the server, keyed by their English
 * text, so a form check and a server answer both read in the visitor's language. An unknown
 * message shows as the server sent it.
 */
export function membershipRuleMessages(t: TFunction): Record<string, string> {
  const limits = Object.fromEntries(
    Array.from({ length: MAX_DEPENDENTS }, (_, i) => [
      maxDependentsMessage(i + 1),
      t('membership.rules.maxDependents', { max: i + 1 }),
    ]),
  );
  return {
    ...limits,
    [INVALID_PHONE_MESSAGE]: t('membership.rules.invalidPhone'),
    [ZIP_FORMAT_MESSAGE]: t('membership.rules.zipFormat'),
    [ZIP_STATE_MESSAGE]: t('membership.rules.zipState'),
    [ZIP_UNKNOWN_STATE_MESSAGE]: t('membership.rules.state'),
    'Please enter your Address.': t('membership.rules.street'),
    'Please enter your city.': t('membership.rules.city'),
    'Please enter your Zipcode.': t('membership.rules.zipcode'),
    'Use the form YYYY-MM-DD.': t('membership.rules.dateFormat'),
    // The server's check of birth dates (server/modules/family/family-rules.ts)
    'A date of birth cannot be in the future.': t('membership.rules.futureBirthDate'),
    [EMAIL_TAKEN_MESSAGE]: t('membership.rules.emailTaken'),
    [EMAIL_PAYMENT_IN_PROGRESS_MESSAGE]: t('membership.rules.emailPaymentInProgress'),
    [NO_SPOUSE_IN_PLAN_MESSAGE]: t('membership.rules.noSpouseInPlan'),
    [SPOUSE_EXISTS_MESSAGE]: t('membership.rules.spouseExists'),
  };
}
