/**
 * Calendar days in the association's time zone as 'YYYY-MM-DD' text (the form the date columns
 * hold), and the UTC instants of wall-clock times there.
 */

const DAY_MS = 86_400_000;

export function localDate(instant: Date, timeZone: string): string {
  const parts = wallClock(instant, timeZone);
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/**
 * The UTC instant at which the wall clock in `timeZone` shows `date` `hh:mm`. The zone's offset is
 * taken at noon of that day: a daytime moment is never inside a DST change, which happens at night.
 */
export function instantAt(date: string, time: string, timeZone: string): Date {
  return new Date(Date.parse(`${date}T${time}:00Z`) - noonOffsetMs(date, timeZone));
}

const noonOffsets = new Map<string, number>();

function noonOffsetMs(date: string, timeZone: string): number {
  const key = `${timeZone} ${date}`;
  let offset = noonOffsets.get(key);
  if (offset === undefined) {
    const noonUtc = Date.parse(`${date}T12:00:00Z`);
    // Two passes settle the offset even when the first guess lands across a DST change
    let guess = noonUtc;
    for (let pass = 0; pass < 2; pass++) guess = noonUtc - offsetMs(new Date(guess), timeZone);
    offset = noonUtc - guess;
    noonOffsets.set(key, offset);
  }
  return offset;
}

function offsetMs(instant: Date, timeZone: string): number {
  const p = wallClock(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClock(instant: Date, timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(instant).map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
