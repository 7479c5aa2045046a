import { describe, expect, it } from 'vitest';
import { amountProblem, leftToRefund } from './refund-amounts';

const paid = { transactionID: 'txn_1', status: 'payment done', price: '30.00', refunded: '12.50' };

describe('refund amounts', () => {
  it('leaves what was paid minus what was refunded, and nothing on an unconfirmed payment', () => {
    expect(leftToRefund(paid)).toBe(1750);
    expect(leftToRefund({ ...paid, status: 'refunded' })).toBe(0);
    expect(leftToRefund({ ...paid, status: 'pending' })).toBe(0);
  });

  it('refuses a bad amount and one above what is left', () => {
    expect(amountProblem('17.50', 1750)).toBeNull();
    expect(amountProblem('17.51', 1750)).toBe('aboveLeft');
    expect(amountProblem('0', 1750)).toBe('amount');
    expect(amountProblem('abc', 1750)).toBe('amount');
  });
});
