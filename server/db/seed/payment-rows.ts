import { CHECKOUT_TTL_MINUTES, PAYMENT_STATUS_DONE } from '../../../domain/constants';
import type { TNewPaymentRow } from '../schema';
import type { TSeedContext } from './context';

type TPaymentFields = Omit<
  TNewPaymentRow,
  | 'transactionId'
  | 'status'
  | 'provider'
  | 'expiresAt'
  | 'confirmedAt'
  | 'recordedAt'
  | 'fulfilledAt'
  | 'createdAt'
  | 'updatedAt'
>;

/** A seeded payment always carries its times. */
export type TSeedPayment = TNewPaymentRow & { createdAt: Date; confirmedAt: Date };

/**
 * A mock-provider payment that went the whole way: checkout started at `startedAt`, card accepted
 * a minute or few later, success screen recorded it seconds after.
 */
export function confirmedPayment(
  ctx: TSeedContext,
  startedAt: Date,
  fields: TPaymentFields,
): TSeedPayment {
  const confirmedAt = new Date(startedAt.getTime() + ctx.random.int(40, 300) * 1000);
  const recordedAt = new Date(confirmedAt.getTime() + ctx.random.int(2, 20) * 1000);
  return {
    ...fields,
    transactionId: ctx.codes.transactionId(),
    status: PAYMENT_STATUS_DONE,
    provider: 'mock',
    expiresAt: new Date(startedAt.getTime() + CHECKOUT_TTL_MINUTES * 60_000),
    confirmedAt,
    recordedAt,
    fulfilledAt: confirmedAt,
    createdAt: startedAt,
    updatedAt: recordedAt,
  };
}
