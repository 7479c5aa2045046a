/** As-you-type shapes of the mock provider's card form, the way hosted checkouts show them. */

const MAX_CARD_DIGITS = 19;

/** "4242424242424242" → "4242 4242 4242 4242": digits only, in groups of four. */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" → "12/28": month and two-digit year; the slash appears once the year starts. */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** "1234a5" → "1234": three or four digits. */
export function formatCvc(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 4);
}

/** Whether enough digits were typed to be a card number at all (the provider decides the rest). */
export function hasCardNumber(text: string): boolean {
  return text.replace(/\D/g, '').length >= 12;
}
