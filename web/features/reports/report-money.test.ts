import { describe, expect, it } from 'vitest';
import { refundableOf, reportTotals } from './report-money';

const row = (
  price: string,
  refunded: string,
  net: string,
  refundState: 'none' | 'partial' | 'full',
) => ({
  transactionID: `txn_${price}`,
  price,
  refunded,
  net,
  refundState,
});

describe('report money', () => {
  it('sums gross, refunded and net in cents', () => {
    expect(
      reportTotals([
        row('30.00', '12.50', '17.50', 'partial'),
        row('0.10', '0.00', '0.10', 'none'),
        row('0.20', '0.20', '0.00', 'full'),
      ]),
    ).toEqual({ gross: '30.30', refunded: '12.70', net: '17.60' });
  });

  it('reads a fully refunded row as refunded and the others as paid', () => {
    expect(refundableOf(row('15.00', '15.00', '0.00', 'full')).status).toBe('refunded');
    expect(refundableOf(row('15.00', '5.00', '10.00', 'partial')).status).toBe('payment done');
  });
});
