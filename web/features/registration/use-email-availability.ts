import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ZEmail } from '../../../domain/contracts/auth';
import { formatReceiptDateTime } from '../../lib/format';
import { displayTimeZone } from '../../components/display-time-zone';
import { emailAvailabilityQuery } from './api/check-email';

const EMAIL_CHECK_DEBOUNCE_MS = 400;

export interface TEmailAvailability {
  /** null while the address is incomplete or not yet checked. */
  available: boolean | null;
  /** When the unpaid registration checkout holding the address lapses (ISO), if one does. */
  paymentInProgressUntil: string | null;
  checking: boolean;
}

/** Checks a well-formed e-mail for joining once typing pauses. */
export function useEmailAvailability(email: string): TEmailAvailability {
  const typed = email.trim();
  const [settled] = useDebouncedValue(typed, EMAIL_CHECK_DEBOUNCE_MS);
  const wellFormed = ZEmail.safeParse(typed).success;
  const check = useQuery({
    ...emailAvailabilityQuery(typed),
    enabled: wellFormed && settled === typed,
  });
  if (!wellFormed) return { available: null, paymentInProgressUntil: null, checking: false };
  return {
    available: check.data?.available ?? null,
    paymentInProgressUntil: check.data?.paymentInProgressUntil ?? null,
    checking: check.isFetching || settled !== typed,
  };
}

/**
 * Why the e-mail cannot join, in the visitor's words: a member has it, or a payment for it is in
 * progress (someone, perhaps the visitor, started joining with it) and until when.
 */
export function emailUnavailableText(email: TEmailAvailability, t: TFunction): string | undefined {
  if (email.available !== false) return undefined;
  if (email.paymentInProgressUntil === null) return t('membership.rules.emailTaken');
  return t('registration.member.emailPaymentInProgress', {
    time: formatReceiptDateTime(email.paymentInProgressUntil, displayTimeZone()),
  });
}
