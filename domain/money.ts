/** Money is integer cents everywhere; this is the one place that turns it into text or back. */

export type TCents = number;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatMoney(cents: TCents): string {
  return usd.format(cents / 100);
}

/** Parses a user-typed amount ("12", "12.5", "12.50") to cents; null when it is not a valid amount. */
export function parseMoney(text: string): TCents | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as a plain decimal string ("154.50"), the shape the wire uses for prices. */
export function centsToDecimal(cents: TCents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Percentage of an amount, rounded half up to the cent. `percent` may have two decimals. */
export function percentOf(cents: TCents, percent: number): TCents {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((cents * basisPoints + 5000) / 10000);
}
