import type { TFunction } from 'i18next';
import {
  BOARD_EMAIL_TAKEN_MESSAGE,
  TEMP_ADMIN_PASSWORD_MESSAGE,
} from '../../../domain/contracts/board';

/**
 * The board rules' own messages (the contract's and the server's), keyed by their English text,
 * so a form check and a server answer both read in the visitor's language.
 */
export function boardRuleMessages(t: TFunction): Record<string, string> {
  return {
    'A temporary admin needs a start date.': t('board.rules.startDate'),
    'A temporary admin needs an end date.': t('board.rules.endDate'),
    'The end date must not be before the start date.': t('board.rules.endBeforeStart'),
    'A Leadership role needs a position on the page.': t('board.rules.roleNeedsPosition'),
    'An admin account with this e-mail already exists.': t('board.rules.adminEmailTaken'),
    'The chosen member does not exist.': t('board.rules.memberMissing'),
    [TEMP_ADMIN_PASSWORD_MESSAGE]: t('board.rules.tempAdminPassword'),
    [BOARD_EMAIL_TAKEN_MESSAGE]: t('board.rules.emailTaken'),
  };
}
