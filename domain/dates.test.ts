import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatCalendarDate,
  formatLogDateTime,
  formatReceiptDateTime,
  formatTableDate,
  isCalendarDate,
  toCalendarDate,
} from './dates';

const zone = 'America/Chicago';

describe('shown dates', () => {
  it('shows a receipt time as "MMM d y, h:mm a" in the association time zone', () => {
    expect(formatReceiptDateTime('2026-11-22T21:05:00Z', zone)).toBe('Nov 22 2026, 3:05 PM');
  });

  it('shows a log time as month/day/year hour:minute am/pm', () => {
    expect(formatLogDateTime('2026-03-04T14:07:00Z', zone)).toBe('03/04/2026, 08:07 am');
  });

  it('shows family dates as "MMM d, y"', () => {
    expect(formatCalendarDate('1985-03-04')).toBe('Mar 4, 1985');
    expect(formatCalendarDate(null)).toBe('');
  });

  it('shows table dates as day, short month, year', () => {
    expect(formatTableDate('2026-01-15', zone)).toBe('15 Jan 2026');
    expect(formatTableDate('2026-01-16T03:00:00Z', zone)).toBe('15 Jan 2026');
  });

  it('knows which day it is for the association', () => {
    expect(toCalendarDate('2026-11-23T03:00:00Z', zone)).toBe('2026-11-22');
  });

  it('checks and moves calendar dates', () => {
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('shown dates in the reader language', () => {
  const at = '2026-11-22T21:05:00Z';

  it('keeps the spec English shapes when the language is English', () => {
    expect(formatReceiptDateTime(at, zone, 'en')).toBe('Nov 22 2026, 3:05 PM');
    expect(formatCalendarDate('1985-03-04', 'en')).toBe('Mar 4, 1985');
    expect(formatTableDate('2026-01-15', zone, 'en')).toBe('15 Jan 2026');
    expect(formatLogDateTime('2026-03-04T14:07:00Z', zone, 'en')).toBe('03/04/2026, 08:07 am');
  });

  it('names months in the language chosen, never in English', () => {
    expect(formatReceiptDateTime(at, zone, 'zh')).toBe(
      new Intl.DateTimeFormat('zh', {
        timeZone: zone,
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(at)),
    );
    expect(formatReceiptDateTime(at, zone, 'zh')).toContain('2026年11月22日');
    expect(formatCalendarDate('1985-03-04', 'fr')).toBe('4 mars 1985');
    expect(formatCalendarDate('1985-03-04', 'de')).toBe('04.03.1985');
    expect(formatTableDate('2026-01-15', zone, 'es')).toBe('15 ene 2026');
    expect(formatTableDate('2026-01-15', zone, 'ja')).toBe('2026年1月15日');
    expect(formatLogDateTime('2026-03-04T14:07:00Z', zone, 'de')).toBe('04.03.2026, 08:07');
  });

  it('shows a calendar date on its own day whatever the time zone', () => {
    expect(formatCalendarDate('2026-01-01', 'fr')).toBe('1 janv. 2026');
    expect(formatTableDate('2026-01-01', 'Pacific/Kiritimati', 'fr')).toBe('1 janv. 2026');
  });
});

describe('wall-clock times', () => {
  it('shows 18:30 as "6:30 PM" in English and in each language own way elsewhere', async () => {
    const { formatClockTime } = await import('./dates');
    expect(formatClockTime('18:30')).toBe('6:30 PM');
    expect(formatClockTime('00:05', 'en')).toBe('12:05 AM');
    expect(formatClockTime('18:30', 'de')).toBe('18:30');
    expect(formatClockTime('18:30', 'fr')).toBe('18:30');
    expect(formatClockTime('evening', 'fr')).toBe('evening');
  });
});

describe('months', () => {
  it('shows a month in the reader language, and nothing for what is not a month', async () => {
    const { formatMonth } = await import('./dates');
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2026-01', 'ja')).toBe('2026年1月');
    expect(formatMonth('2026-13')).toBe('');
  });
});

describe('the time of an instant', () => {
  it('shows a check-in at 01:42 UTC as "7:42 PM" in Chicago, and 19:42 in German', async () => {
    const { formatInstantTime } = await import('./dates');
    const at = '2026-11-23T01:42:00Z';
    expect(formatInstantTime(at, 'America/Chicago')).toBe('7:42 PM');
    expect(formatInstantTime(at, 'America/Chicago', 'de')).toBe('19:42');
  });
});
