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
