/** Phone numbers are stored as digits; these turn them into the (123) 456-7890 shape the spec shows. */

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

function groupDigits(digits: string): string {
  if (digits.length >= 10)
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 10)}`;
  if (digits.length >= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  if (digits.length >= 3) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return digits;
}

/**
 * Display rule of spec 01 §5 and 02 §5: a value longer than 8 characters has its non-digits
 * stripped; then 10+ digits show as (312) 555-0199, 6–9 as (312) 555-01, 3–5 as (312) 55.
 * Values of 8 characters or fewer, empty values and values with fewer than 3 digits are shown
 * unchanged. An empty "rest" leaves no dangling dash: "(312) 555" stays "(312) 555".
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value || value.length <= 8) return value ?? '';
  const digits = phoneDigits(value);
  if (digits.length < 3) return value;
  return groupDigits(digits).replace(/[-\s]+$/, '');
}

/** As-you-type formatting of a phone field: digits only, at most 10, grouped as they arrive. */
export function formatPhoneInput(typed: string): string {
  return groupDigits(phoneDigits(typed).slice(0, 10));
}

/** A phone is valid with at least 10 digits; only the first 10 are kept. */
export function isValidPhone(value: string): boolean {
  return phoneDigits(value).length >= 10;
}

export function normalizePhone(value: string): string {
  return phoneDigits(value).slice(0, 10);
}
