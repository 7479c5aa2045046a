import { describe, expect, it } from 'vitest';
import { ticketsTotalText } from './tickets-total';

describe('ticketsTotalText', () => {
  it('multiplies the unit price by the count, without a service charge', () => {
    expect(ticketsTotalText('45.00', 2)).toBe('$90.00');
    expect(ticketsTotalText('12.50', 3)).toBe('$37.50');
  });

  it('shows nothing owed while the count is not a whole positive number', () => {
    expect(ticketsTotalText('45.00', 0)).toBe('$0.00');
    expect(ticketsTotalText('45.00', 1.5)).toBe('$0.00');
  });
});
