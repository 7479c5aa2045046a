import { describe, expect, it } from 'vitest';
import { dueReminder, getsMemberPrices, isInForce } from './membership-status';

describe('membership status', () => {
  const ends = { isActive: true, validityTo: '2026-12-31' };

  it('is in force through its last day, and open-ended without an end', () => {
    expect(isInForce(ends, '2026-12-31')).toBe(true);
    expect(isInForce(ends, '2027-01-01')).toBe(false);
    expect(isInForce({ isActive: true, validityTo: null }, '2030-01-01')).toBe(true);
    expect(isInForce({ isActive: false, validityTo: null }, '2026-01-01')).toBe(false);
  });

  it('keeps member prices through the grace period, then not', () => {
    expect(getsMemberPrices(ends, '2027-01-14', 14)).toBe(true);
    expect(getsMemberPrices(ends, '2027-01-15', 14)).toBe(false);
    expect(getsMemberPrices(ends, '2027-01-01', 0)).toBe(false);
    expect(getsMemberPrices({ isActive: false, validityTo: '2026-12-31' }, '2026-12-01', 14)).toBe(
      false,
    );
  });

  it('names the latest reminder whose day has come, and none outside the window', () => {
    expect(dueReminder('2026-12-31', '2026-11-30')).toBeNull();
    expect(dueReminder('2026-12-31', '2026-12-01')).toBe('before-30');
    expect(dueReminder('2026-12-31', '2026-12-23')).toBe('before-30');
    expect(dueReminder('2026-12-31', '2026-12-24')).toBe('before-7');
    expect(dueReminder('2026-12-31', '2027-01-06')).toBe('before-7');
    expect(dueReminder('2026-12-31', '2027-01-07')).toBe('after-7');
    expect(dueReminder('2026-12-31', '2027-01-21')).toBe('after-7');
    expect(dueReminder('2026-12-31', '2027-01-22')).toBeNull();
  });
});
