/**
 * Date and time shapes the spec shows. Every shown date goes through these, in the association's
 * time zone; stored timestamps are UTC instants, stored calendar dates are 'YYYY-MM-DD' text.
 */

type TInstant = Date | string | number;

function parts(value: TInstant, timeZone: string): Record<string, string> {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  const result: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(value))) result[part.type] = part.value;
  return result;
}

/** Success screens: "MMM d y, h:mm a", e.g. "Nov 22 2026, 3:05 PM". */
export function formatReceiptDateTime(value: TInstant, timeZone: string): string {
  const p = parts(value, timeZone);
  return `${p.month} ${p.day} ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** Logs: month/day/year, hour:minute am/pm, e.g. "11/22/2026, 03:05 pm". */
export function formatLogDateTime(value: TInstant, timeZone: string): string {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  });
  const p: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(value))) p[part.type] = part.value;
  return `${p.month}/${p.day}/${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod.toLowerCase()}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function calendarParts(isoDate: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** A calendar date as "MMM d, y" (family view), e.g. "Mar 4, 1985". */
export function formatCalendarDate(isoDate: string | null | undefined): string {
  const p = isoDate ? calendarParts(isoDate) : null;
  return p ? `${MONTHS[p[1] - 1]} ${p[2]}, ${p[0]}` : '';
}

/** Tables: day, short month, year, e.g. "4 Mar 2026". Accepts a calendar date or an instant. */
export function formatTableDate(value: string | Date | null | undefined, timeZone: string): string {
  if (!value) return '';
  const p =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? calendarParts(value) : null;
  if (p) return `${p[2]} ${MONTHS[p[1] - 1]} ${p[0]}`;
  return formatTableDate(toCalendarDate(new Date(value), timeZone), timeZone);
}

/** The calendar date ('YYYY-MM-DD') an instant falls on in a time zone: "today" for the association. */
export function toCalendarDate(value: TInstant, timeZone: string): string {
  const formatter = new Intl.DateTimeFormat('en-CA', {
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
