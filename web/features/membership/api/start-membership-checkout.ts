import { ZCheckoutAnswer, type TCheckoutAnswer } from '../../../../domain/contracts/payments';
import type { TDependentsCheckout } from '../../../../domain/contracts/family';
import type { TRegistrationCheckout, TRenewalCheckout } from '../../../../domain/contracts/members';
import { apiFetch } from '../../../lib/api-client';
import type { TMemberScope } from '../member-scope';

export type TMembershipCheckout = TRegistrationCheckout | TRenewalCheckout | TDependentsCheckout;

/**
 * `POST /api/checkout` for joining (anonymous), renewing or adding dependents (the member or
 * staff). The server prices it from the database and answers where to pay.
 */
export async function startMembershipCheckout(
  body: TMembershipCheckout,
  scope?: TMemberScope,
): Promise<TCheckoutAnswer> {
  return ZCheckoutAnswer.parse(
    await apiFetch('/checkout', { method: 'POST', body, session: scope?.session }),
  );
}
