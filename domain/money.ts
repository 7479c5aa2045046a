/** Money is integer cents everywhere; this is the one place that turns it into text or back. */
import { intlLocale, numberFormat } from './intl-cache';

export type TCents = number;

/** US dollars in the reader's language: "$1,234.50" in English, "1 234,50 $US" in French. */
export function formatMoney(cents: TCents, language = 'en'): string {
  const locale = intlLocale(language);
  return numberFormat('usd', locale, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** A count or quantity in the reader's language ("1,234" / "1 234" / "1.234"). */
export function formatNumber(value: number, language = 'en'): string {
  return numberFormat('number', intlLocale(language)).format(value);
}

/**
 * The largest amount anything costs: $1,000,000.00. A price, a fee or a total then always fits
 * the database's integer cents (a plan's total of fee, 6 dependents and charge included).
 */
export const MAX_AMOUNT_CENTS = 100_000_000;

/** Parses a user-typed amount ("12", "12.5", "12.50") to cents; null when it is not a valid amount. */
export function parseMoney(text: string): TCents | null {
  const trimmed = text.trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents <= MAX_AMOUNT_CENTS ? cents : null;
}

/** The reader's decimal mark: "." in English, Japanese and Chinese, "," in German, French, Spanish. */
export function decimalMark(language = 'en'): string {
  const parts = numberFormat('number', intlLocale(language)).formatToParts(1.5);
  return parts.find((part) => part.type === 'decimal')?.value ?? '.';
}

/**
 * A wire amount ("75.00") as the reader writes it in a field: "75,00" in German. Only the mark
 * changes, never grouping, so what the field holds reads back the same.
 */
export function decimalForInput(decimal: string, language = 'en'): string {
  return decimal.replace('.', decimalMark(language));
}

/**
 * What the reader typed in an amount field, in the wire's form: their decimal mark becomes ".";
 * a "." typed where the mark is "," is taken as the mark too. Anything else is left for the
 * field's own check to refuse.
 */
export function decimalFromInput(text: string, language = 'en'): string {
  const mark = decimalMark(language);
  return mark === '.' ? text : text.replace(mark, '.');
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

/** A short amount for a chart's axis: "$1.5K", "1,5 k $" in French. */
export function formatCompactMoney(cents: TCents, language = 'en'): string {
  return numberFormat('usd-compact', intlLocale(language), {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
    // Compact notation groups only from five digits: German and Japanese have no short form
    // for thousands, so an axis read "1500 $" beside "24.054,55 $"
    useGrouping: true,
  }).format(cents / 100);
}
