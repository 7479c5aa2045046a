import { describe, expect, it } from 'vitest';
import { PAYMENT_NOT_CONFIRMED_MESSAGE } from '../../../domain/contracts/payments';
import { ApiError } from '../../lib/api-client';
import { paymentReturnOf, shouldAskAgain } from './payment-return';

describe('paymentReturnOf', () => {
  it('reads the spec parameters of a return from paying for dependents', () => {
    const params = new URLSearchParams(
      'email=a%40example.org&member_id=42&dependent=1&transaction_id=tx_1&amount=25.75',
    );
    expect(paymentReturnOf(params)).toEqual({
      email: 'a@example.org',
      memberId: 42,
      dependent: 1,
      transactionID: 'tx_1',
      amount: '25.75',
    });
  });

  it('is no return without a transaction id or a member id', () => {
    expect(paymentReturnOf(new URLSearchParams('memberid=42'))).toBeNull();
    expect(paymentReturnOf(new URLSearchParams('transaction_id=tx_1&member_id=x'))).toBeNull();
  });
});

describe('shouldAskAgain', () => {
  const pending = new ApiError('PAYMENT_REQUIRED', PAYMENT_NOT_CONFIRMED_MESSAGE, { status: 402 });
  const declined = new ApiError(
    'PAYMENT_REQUIRED',
    `${PAYMENT_NOT_CONFIRMED_MESSAGE} Your card was declined.`,
    { status: 402 },
  );

  it('asks again while the provider has not confirmed, for a while', () => {
    expect(shouldAskAgain(1, pending)).toBe(true);
    expect(shouldAskAgain(30, pending)).toBe(false);
  });

  it('stops at a payment that will never be confirmed, or any other error', () => {
    expect(shouldAskAgain(1, declined)).toBe(false);
    expect(shouldAskAgain(1, new ApiError('FORBIDDEN', 'No.', { status: 403 }))).toBe(false);
  });
});
