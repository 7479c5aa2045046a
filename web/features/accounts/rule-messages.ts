import type { TFunction } from 'i18next';

/**
 * The account rules' own messages, from the contract (adminAccountProblems) and the server
 * (a taken e-mail, the last super user), keyed by their English text so both a form check and
 * a server answer read in the visitor's language. An unknown message shows as sent.
 */
export function accountRuleMessages(t: TFunction): Record<string, string> {
  return {
    'Only a global admin account can be a temporary admin.': t('accounts.rules.staffKind'),
    'A temporary admin needs a start date.': t('accounts.rules.startDate'),
    'A temporary admin needs an end date.': t('accounts.rules.endDate'),
    'The end date must not be before the start date.': t('accounts.rules.endBeforeStart'),
    'An admin account with this e-mail already exists.': t('accounts.rules.emailTaken'),
    'At least one active super user must remain.': t('accounts.rules.lastSuperUser'),
  };
}
