import { useTranslation } from '../../i18n/use-translation';
import { CHECKIN_MESSAGES } from '../../../domain/contracts/checkin';
import { ApiError, messageOf } from '../../lib/api-client';

/**
 * Why a scan was refused, in the reader's language: the server's check-in messages are known by
 * their English text; anything else gets the general message of its error code.
 */
export function useCheckinMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  const known: Record<string, string> = {
    [CHECKIN_MESSAGES.unknown]: t('checkin.refused.unknown'),
    [CHECKIN_MESSAGES.otherEvent]: t('checkin.refused.otherEvent'),
    [CHECKIN_MESSAGES.notPaid]: t('checkin.refused.notPaid'),
    [CHECKIN_MESSAGES.eventCancelled]: t('checkin.refused.eventCancelled'),
    [CHECKIN_MESSAGES.codeFormat]: t('checkin.refused.codeFormat'),
  };
  return (error) => {
    if (error instanceof ApiError) {
      const own =
        known[error.message] ??
        Object.values(error.fields ?? {})
          .map((text) => known[text])
          .find(Boolean);
      if (own) return own;
    }
    return messageOf(error, t);
  };
}
