import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { zipCheckQuery } from './api/check-zip';

const ZIP_CHECK_DEBOUNCE_MS = 300;

/**
 * The server's zip-in-state check of a complete zip (5 digits) once typing pauses: the reason
 * when the zip does not fit the state, otherwise null (also while unchecked).
 */
export function useZipCheck(state: string, zipcode: string): string | null {
  // A string, not an object: the debounce compares values, and a fresh object never settles.
  const typed = `${state}|${zipcode}`;
  const [settled] = useDebouncedValue(typed, ZIP_CHECK_DEBOUNCE_MS);
  const complete = /^\d{5}$/.test(zipcode) && state !== '';
  const check = useQuery({
    ...zipCheckQuery({ state, zipcode }),
    enabled: complete && settled === typed,
  });
  if (!complete || !check.data || check.data.valid) return null;
  return check.data.message ?? null;
}
