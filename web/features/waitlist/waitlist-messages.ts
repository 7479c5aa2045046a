import type { TFunction } from 'i18next';
import { WAITLIST_MESSAGES } from '../../../domain/contracts/waitlist';
import { ApiError, messageOf } from '../../lib/api-client';

type TWaitlistMessageKey = keyof typeof WAITLIST_MESSAGES;

/** The server's waiting-list sentence in the chosen language, else the error's general wording. */
export function waitlistErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const key = (Object.keys(WAITLIST_MESSAGES) as TWaitlistMessageKey[]).find(
      (name) => WAITLIST_MESSAGES[name] === error.message,
    );
    if (key) return t(`waitlist.server.${key}`);
  }
  return messageOf(error, t);
}
