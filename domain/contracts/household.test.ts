import { describe, expect, it } from 'vitest';
import { isAdultOn } from './household';

describe('isAdultOn', () => {
  it('counts a dependent as an adult from their 18th birthday on', () => {
    expect(isAdultOn('2008-06-15', '2026-06-14')).toBe(false);
    expect(isAdultOn('2008-06-15', '2026-06-15')).toBe(true);
    expect(isAdultOn('2008-06-15', '2026-07-01')).toBe(true);
    expect(isAdultOn('2008-12-31', '2026-01-01')).toBe(false);
  });

  it('does not count someone without a date of birth', () => {
    expect(isAdultOn(null, '2026-06-15')).toBe(false);
  });
});
