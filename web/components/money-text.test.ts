import { describe, expect, it } from 'vitest';
import { moneyText } from './money-text';

describe('moneyText', () => {
  it('shows a wire amount in the currency format', () => {
    expect(moneyText('154.50')).toBe('$154.50');
    expect(moneyText('1200.00')).toBe('$1,200.00');
  });

  it('keeps the sign of a refund', () => {
    expect(moneyText('-45.00')).toBe('-$45.00');
  });

  it('shows text that is not an amount unchanged instead of a false $0.00', () => {
    expect(moneyText('n/a')).toBe('n/a');
  });
});
