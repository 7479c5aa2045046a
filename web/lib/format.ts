/**
 * The shared formatters of `domain/` in the reader's chosen language. Same names and arguments
 * as the domain's, so a screen imports them from here and shows "Nov 22 2026, 3:05 PM" in
 * English and "2026年11月22日 15:05" in Chinese. The `Intl` objects behind them are built once per
 * (locale, time zone) (domain/intl-cache.ts). A component re-renders on a language change
 * through its `useTranslation()`.
 */
import * as dates from '../../domain/dates';
import * as money from '../../domain/money';
import { i18n } from '../i18n';

export function currentLanguage(): string {
  return i18n.language;
}

type TInstant = Parameters<typeof dates.formatReceiptDateTime>[0];

export function formatReceiptDateTime(value: TInstant, timeZone: string): string {
  return dates.formatReceiptDateTime(value, timeZone, currentLanguage());
}

export function formatLogDateTime(value: TInstant, timeZone: string): string {
  return dates.formatLogDateTime(value, timeZone, currentLanguage());
}

export function formatInstantTime(value: TInstant, timeZone: string): string {
  return dates.formatInstantTime(value, timeZone, currentLanguage());
}

export function formatCalendarDate(isoDate: string | null | undefined): string {
  return dates.formatCalendarDate(isoDate, currentLanguage());
}

export function formatTableDate(value: string | Date | null | undefined, timeZone: string): string {
  return dates.formatTableDate(value, timeZone, currentLanguage());
}

export function formatClockTime(hhmm: string): string {
  return dates.formatClockTime(hhmm, currentLanguage());
}

export function formatMoney(cents: money.TCents): string {
  return money.formatMoney(cents, currentLanguage());
}

export function formatNumber(value: number): string {
  return money.formatNumber(value, currentLanguage());
}

/** The reader's decimal mark, for number fields that draw their own ("," in German). */
export function decimalMark(): string {
  return money.decimalMark(currentLanguage());
}

/** A wire amount ("75.00") as a field shows it in the reader's language ("75,00"). */
export function decimalForInput(decimal: string): string {
  return money.decimalForInput(decimal, currentLanguage());
}

/** What the reader typed in an amount field, back in the wire's form. */
export function decimalFromInput(text: string): string {
  return money.decimalFromInput(text, currentLanguage());
}

export function formatMonth(month: string): string {
  return dates.formatMonth(month, currentLanguage());
}

export function formatCompactMoney(cents: money.TCents): string {
  return money.formatCompactMoney(cents, currentLanguage());
}
/**
 * Phone numbers show in the spec's US form "(312) 555-1234" in every language (spec 01 §5);
 * screens take it from here with the other display formatters.
 */
export { formatPhone } from '../../domain/phone';
