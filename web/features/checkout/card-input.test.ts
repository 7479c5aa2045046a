import { describe, expect, it } from 'vitest';
import { ZMockCardPayment } from '../../../domain/contracts/payments';
import { formatCardNumber, formatCvc, formatExpiry, hasCardNumber } from './card-input';

describe('formatCardNumber', () => {
  it('groups the test cards as they are printed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000-0000-0002')).toBe('4000 0000 0000 0002');
  });

  it('adds no trailing space after a complete group while typing', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
  });

  it('drops letters and stops at 19 digits', () => {
    expect(formatCardNumber('4242abc4242')).toBe('4242 4242');
    expect(formatCardNumber('1'.repeat(25)).replace(/\s/g, '')).toHaveLength(19);
  });
});

describe('formatExpiry', () => {
  it.each([
    ['1', '1'],
    ['12', '12'],
    ['122', '12/2'],
    ['1228', '12/28'],
    ['12/28', '12/28'],
    ['122899', '12/28'],
  ])('shows %s as %s', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it('produces what the shared schema accepts', () => {
    const parsed = ZMockCardPayment.safeParse({
      cardNumber: formatCardNumber('4242424242424242'),
      expiry: formatExpiry('1230'),
      cvc: formatCvc('123'),
    });
    expect(parsed.success).toBe(true);
  });
});

describe('formatCvc and hasCardNumber', () => {
  it('keeps at most four digits of a CVC', () => {
    expect(formatCvc('12a345')).toBe('1234');
  });

  it('wants at least 12 digits before asking the provider', () => {
    expect(hasCardNumber('4242 4242 42')).toBe(false);
    expect(hasCardNumber('4242 4242 4242')).toBe(true);
  });
});
