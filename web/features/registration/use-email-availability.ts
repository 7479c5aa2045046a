import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ZEmail } from '../../../domain/contracts/auth';
import { emailAvailabilityQuery } from './api/check-email';

const EMAIL_CHECK_DEBOUNCE_MS = 400;

export interface TEmailAvailability {
  /** null while the address is incomplete or not yet checked. */
  available: boolean | null;
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
  if (!wellFormed) return { available: null, checking: false };
  return {
    available: check.data?.available ?? null,
    checking: check.isFetching || settled !== typed,
  };
}
