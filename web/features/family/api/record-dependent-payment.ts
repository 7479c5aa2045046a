import { PAYMENT_DESCRIPTIONS, PAYMENT_STATUS_DONE } from '../../../../domain/constants';
import { ZPaymentRecord, type TPaymentRecord } from '../../../../domain/contracts/payments';
import { apiFetch } from '../../../lib/api-client';
import type { TMemberScope } from '../../membership/member-scope';

export interface TDependentPaymentReturn {
  email: string;
  memberId: number;
  dependent: number;
  transactionID: string;
  amount: string;
}

/**
 * The spec's dependent payment record payload (spec 02 §7.2, with §4's status 'payment done'):
 * email, member_id, transactionID, dependent, productName (the membership type paid on), price,
 * description and status.
 */
export function dependentPaymentBody(payment: TDependentPaymentReturn, productName: string) {
  return {
    email: payment.email,
    member_id: payment.memberId,
    transactionID: payment.transactionID,
    dependent: payment.dependent,
    productName,
    price: payment.amount,
    description: PAYMENT_DESCRIPTIONS.dependents,
    status: PAYMENT_STATUS_DONE,
  };
}

/**
 * `POST /api/payment_dependent`: the spec's payload; the server reads only the transaction id
 * and the member, and answers the stored, provider-confirmed payment (402 until confirmed).
 */
export async function recordDependentPayment(
  payment: TDependentPaymentReturn,
  scope: TMemberScope,
  productName: string,
): Promise<TPaymentRecord> {
  return ZPaymentRecord.parse(
    await apiFetch('/payment_dependent', {
      method: 'POST',
      body: dependentPaymentBody(payment, productName),
      session: scope.session,
    }),
  );
}
