import { PAYMENT_DESCRIPTIONS } from '../../../../domain/constants';
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
 * `POST /api/payment_dependent`: the spec's payload; the server reads only the transaction id
 * and the member, and answers the stored, provider-confirmed payment (402 until confirmed).
 */
export async function recordDependentPayment(
  payment: TDependentPaymentReturn,
  scope: TMemberScope,
): Promise<TPaymentRecord> {
  return ZPaymentRecord.parse(
    await apiFetch('/payment_dependent', {
      method: 'POST',
      body: {
        email: payment.email,
        member_id: payment.memberId,
        transactionID: payment.transactionID,
        dependent: payment.dependent,
        price: payment.amount,
        description: PAYMENT_DESCRIPTIONS.dependents,
      },
      session: scope.session,
    }),
  );
}
