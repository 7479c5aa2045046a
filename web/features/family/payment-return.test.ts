import { describe, expect, it } from 'vitest';
import {
  PAYMENT_NOT_CONFIRMED_MESSAGE,
  PAYMENT_UNKNOWN_MESSAGE,
} from '../../../domain/contracts/payments';
import { ApiError } from '../../lib/api-client';
import { dependentPaymentBody } from './api/record-dependent-payment';
import { paymentReturnOf, returnFailureOf, shouldAskAgain } from './payment-return';

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
  const unknown = new ApiError('PAYMENT_REQUIRED', PAYMENT_UNKNOWN_MESSAGE, { status: 402 });
  const declined = new ApiError(
    'PAYMENT_REQUIRED',
    `${PAYMENT_NOT_CONFIRMED_MESSAGE} Your card was declined.`,
    { status: 402 },
  );

  it('asks again while the provider has not confirmed, for a while', () => {
    expect(shouldAskAgain(1, pending)).toBe(true);
    expect(shouldAskAgain(30, pending)).toBe(false);
  });

  it('stops at once at a made-up transaction id', () => {
    expect(shouldAskAgain(0, unknown)).toBe(false);
  });

  it('stops at a payment that will never be confirmed, or any other error', () => {
    expect(shouldAskAgain(1, declined)).toBe(false);
    expect(shouldAskAgain(1, new ApiError('FORBIDDEN', 'No.', { status: 403 }))).toBe(false);
  });
});

describe('returnFailureOf', () => {
  const paymentRequired = (message: string) =>
    new ApiError('PAYMENT_REQUIRED', message, { status: 402 });

  it('says a made-up transaction id names no payment, and drops it from the address', () => {
    expect(returnFailureOf(paymentRequired(PAYMENT_UNKNOWN_MESSAGE))).toEqual({
      key: 'family.paymentUnknown',
      final: true,
    });
  });

  it('says a refunded payment is refunded, and a declined one charged nothing', () => {
    expect(
      returnFailureOf(
        paymentRequired(`${PAYMENT_NOT_CONFIRMED_MESSAGE} X. Your payment is refunded.`),
      ).key,
    ).toBe('family.paymentRefunded');
    expect(
      returnFailureOf(paymentRequired(`${PAYMENT_NOT_CONFIRMED_MESSAGE} Your card was declined.`))
        .key,
    ).toBe('family.paymentClosed');
  });

  it('leaves other errors to their code and keeps the return to try again', () => {
    expect(returnFailureOf(paymentRequired(PAYMENT_NOT_CONFIRMED_MESSAGE))).toEqual({
      key: null,
      final: false,
    });
    expect(returnFailureOf(new ApiError('NETWORK', 'x', { status: 0 }))).toEqual({
      key: null,
      final: false,
    });
  });
});

describe('dependentPaymentBody', () => {
  it('carries the payload of spec 02 §7.2 with productName and the status "payment done"', () => {
    const payment = paymentReturnOf(
      new URLSearchParams(
        'email=a%40example.org&member_id=42&dependent=2&transaction_id=tx_9&amount=51.50',
      ),
    );
    if (!payment) throw new Error('expected a payment return');
    expect(dependentPaymentBody(payment, 'Family Membership')).toEqual({
      email: 'a@example.org',
      member_id: 42,
      transactionID: 'tx_9',
      dependent: 2,
      productName: 'Family Membership',
      price: '51.50',
      description: 'dependent payment',
      status: 'payment done',
    });
  });
});
