/**
 * Date and time shapes the spec shows. Every shown date goes through these, in the association's
 * time zone; stored timestamps are UTC instants, stored calendar dates are 'YYYY-MM-DD' text.
 */

import { dateTimeFormat, intlLocale } from './intl-cache';

type TInstant = Date | string | number;

/**
 * Every formatter takes the reader's language last (default English). English keeps the spec's
 * exact shapes; the other languages get their own conventions from `Intl`, built once per
 * (locale, time zone).
 */
function partsOf(formatter: Intl.DateTimeFormat, value: TInstant): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(value))) result[part.type] = part.value;
  return result;
}

/** Success screens: "MMM d y, h:mm a", e.g. "Nov 22 2026, 3:05 PM". */
export function formatReceiptDateTime(value: TInstant, timeZone: string, language = 'en'): string {
  const locale = intlLocale(language);
  if (locale !== 'en-US') {
    return dateTimeFormat('receipt', locale, {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(value));
  }
  const p = partsOf(
    dateTimeFormat('receipt', locale, {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    }),
    value,
  );
  return `${p.month} ${p.day} ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** Logs: month/day/year, hour:minute am/pm, e.g. "11/22/2026, 03:05 pm". */
export function formatLogDateTime(value: TInstant, timeZone: string, language = 'en'): string {
  const locale = intlLocale(language);
  const formatter = dateTimeFormat('log', locale, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(locale === 'en-US' ? { hour12: true } : {}),
  });
  if (locale !== 'en-US') return formatter.format(new Date(value));
  const p = partsOf(formatter, value);
  return `${p.month}/${p.day}/${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod.toLowerCase()}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function calendarParts(isoDate: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** A calendar date is a day, not an instant: shown through UTC so no zone moves it. */
function calendarInstant(p: [number, number, number]): Date {
  return new Date(Date.UTC(p[0], p[1] - 1, p[2], 12));
}

/** A calendar date as "MMM d, y" (family view), e.g. "Mar 4, 1985". */
export function formatCalendarDate(isoDate: string | null | undefined, language = 'en'): string {
  const p = isoDate ? calendarParts(isoDate) : null;
  if (!p) return '';
  const locale = intlLocale(language);
  if (locale === 'en-US') return `${MONTHS[p[1] - 1]} ${p[2]}, ${p[0]}`;
  return dateTimeFormat('calendar', locale, { timeZone: 'UTC', dateStyle: 'medium' }).format(
    calendarInstant(p),
  );
}

/** Tables: day, short month, year, e.g. "4 Mar 2026". Accepts a calendar date or an instant. */
export function formatTableDate(
  value: string | Date | null | undefined,
  timeZone: string,
  language = 'en',
): string {
  if (!value) return '';
  const p =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? calendarParts(value) : null;
  if (!p) return formatTableDate(toCalendarDate(new Date(value), timeZone), timeZone, language);
  const locale = intlLocale(language);
  if (locale === 'en-US') return `${p[2]} ${MONTHS[p[1] - 1]} ${p[0]}`;
  return dateTimeFormat('table', locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(calendarInstant(p));
}

/** The time of day of an instant in a time zone, e.g. "7:42 PM" (door check-in). */
export function formatInstantTime(value: TInstant, timeZone: string, language = 'en'): string {
  const locale = intlLocale(language);
  return dateTimeFormat('instant-time', locale, {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    ...(locale === 'en-US' ? { hour12: true } : {}),
  }).format(new Date(value));
}

/** The calendar date ('YYYY-MM-DD') an instant falls on in a time zone: "today" for the association. */
export function toCalendarDate(value: TInstant, timeZone: string): string {
  const formatter = dateTimeFormat('iso-day', 'en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return formatter.format(new Date(value));
}

export function isCalendarDate(text: string): boolean {
  const p = calendarParts(text);
  if (!p || text.length !== 10) return false;
  const date = new Date(Date.UTC(p[0], p[1] - 1, p[2]));
  return (
    date.getUTCFullYear() === p[0] && date.getUTCMonth() === p[1] - 1 && date.getUTCDate() === p[2]
  );
}

/** Adds whole days to a calendar date. */
export function addDays(isoDate: string, days: number): string {
  const p = calendarParts(isoDate);
  if (!p) throw new Error(`Not a calendar date: ${isoDate}`);
  return new Date(Date.UTC(p[0], p[1] - 1, p[2] + days)).toISOString().slice(0, 10);
}

/** A wall-clock 'HH:mm' (the association's local time) as "6:30 PM" in English, "18:30" in German. */
export function formatClockTime(hhmm: string, language = 'en'): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!match) return hhmm;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return hhmm;
  const locale = intlLocale(language);
  if (locale === 'en-US') {
    return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour < 12 ? 'AM' : 'PM'}`;
  }
  return dateTimeFormat('clock', locale, { timeZone: 'UTC', timeStyle: 'short' }).format(
    new Date(Date.UTC(2000, 0, 1, hour, minute)),
  );
}

/** A calendar month 'YYYY-MM' as "Nov 2026" in English, "2026年11月" in Japanese; '' when not a month. */
export function formatMonth(month: string, language = 'en'): string {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return '';
  const instant = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return dateTimeFormat('month', intlLocale(language), {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
  }).format(instant);
}
