import { useTranslation } from '../../i18n/use-translation';
import {
  EVENT_ALREADY_CANCELLED_MESSAGE,
  EVENT_CANCELLED_NO_EDIT_MESSAGE,
  EVENT_HAS_PAYMENTS_MESSAGE,
  EVENT_INPUT_MESSAGES,
} from '../../../domain/contracts/events';

/**
 * The event rules' own messages (the contract's and the server's), keyed by their English text,
 * in the visitor's language. An unknown message shows as sent.
 */
export function useEventRuleMessages(): (message: string) => string {
  const { t } = useTranslation();
  const known: Record<string, string> = {
    [EVENT_INPUT_MESSAGES.nameRequired]: t('manageEvents.rules.nameRequired'),
    [EVENT_INPUT_MESSAGES.dateFormat]: t('manageEvents.rules.dateFormat'),
    [EVENT_INPUT_MESSAGES.timeFormat]: t('manageEvents.rules.timeFormat'),
    [EVENT_INPUT_MESSAGES.venueRequired]: t('manageEvents.rules.venueRequired'),
    [EVENT_INPUT_MESSAGES.price]: t('manageEvents.rules.price'),
    [EVENT_INPUT_MESSAGES.capacity]: t('manageEvents.rules.capacity'),
    [EVENT_INPUT_MESSAGES.datePast]: t('manageEvents.rules.datePast'),
    [EVENT_HAS_PAYMENTS_MESSAGE]: t('manageEvents.rules.hasPayments'),
    [EVENT_ALREADY_CANCELLED_MESSAGE]: t('manageEvents.rules.alreadyCancelled'),
    [EVENT_CANCELLED_NO_EDIT_MESSAGE]: t('manageEvents.rules.cancelledNoEdit'),
  };
  return (message) => known[message] ?? message;
}
