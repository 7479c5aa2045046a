import type { TFunction } from 'i18next';
import {
  REMINDER_LINK_EXPIRED_MESSAGE,
  REMINDER_LINK_OTHER_MEMBER_MESSAGE,
  REMINDER_LINK_UNKNOWN_MESSAGE,
  REMINDER_LINK_USED_MESSAGE,
} from '../../../domain/contracts/reminders';

/** The server's refusals of a reminder link, keyed by their English text, in the reader's language. */
export function reminderLinkMessages(t: TFunction): Record<string, string> {
  return {
    [REMINDER_LINK_UNKNOWN_MESSAGE]: t('renewal.link.unknown'),
    'This renewal link is not valid.': t('renewal.link.unknown'),
    [REMINDER_LINK_EXPIRED_MESSAGE]: t('renewal.link.expired'),
    [REMINDER_LINK_USED_MESSAGE]: t('renewal.link.used'),
    [REMINDER_LINK_OTHER_MEMBER_MESSAGE]: t('renewal.link.otherMember'),
  };
}
