import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, instantAt, localDate } from './seed/calendar';

describe('seed calendar helpers', () => {
  it('read "today" in the association time zone, not in UTC', () => {
    // 03:00 UTC on the 23rd is still the evening of the 22nd in Chicago
    expect(localDate(new Date('2026-11-23T03:00:00Z'), 'America/Chicago')).toBe('2026-11-22');
    expect(localDate(new Date('2026-11-23T03:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-23');
  });

  it('turn a local wall-clock time into its UTC instant, summer and winter', () => {
    expect(instantAt('2026-07-01', '12:00', 'America/Chicago').toISOString()).toBe(
      '2026-07-01T17:00:00.000Z',
    );
    expect(instantAt('2026-12-01', '12:00', 'America/Chicago').toISOString()).toBe(
      '2026-12-01T18:00:00.000Z',
    );
    expect(instantAt('2026-03-08', '18:30', 'America/Chicago').toISOString()).toBe(
      '2026-03-08T23:30:00.000Z',
    );
  });

  it('count days across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2025-11-23', '2026-11-22')).toBe(364);
  });
});
