import { describe, expect, it } from 'vitest';
import { isStateCode, US_STATES } from './us-states';

describe('US_STATES', () => {
  it('lists the 50 states and DC once each, as { value, label }', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.value)).size).toBe(51);
    expect(US_STATES).toContainEqual({ value: 'TX', label: 'Texas' });
    expect(US_STATES).toContainEqual({ value: 'DC', label: 'District of Columbia' });
  });

  it('knows a code only in capitals', () => {
    expect(isStateCode('IL')).toBe(true);
    expect(isStateCode('il')).toBe(false);
    expect(isStateCode('PR')).toBe(false);
  });
});
