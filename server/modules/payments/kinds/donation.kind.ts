import { PAYMENT_DESCRIPTIONS } from '../../../../domain/constants';
import {
  DONATION_SUCCESS,
  donationCents,
  ZDonationCheckout,
} from '../../../../domain/contracts/donations';
import { fullName } from '../../../../domain/display';
import { centsToDecimal } from '../../../../domain/money';
import type { TPaymentRow } from '../../../db/schema';
import { withQuery } from './ticket-common';
import { defineKind } from './types';

export const DONATION_PRODUCT_NAME = 'Donation';

/** The dedication a donation was given with ('' when none), as the checkout stored it. */
export function dedicationOf(payment: Pick<TPaymentRow, 'details'>): string {
  const value = payment.details.dedication;
  return typeof value === 'string' ? value : '';
}

/**
 * A gift of any amount within DONATION_LIMITS (issue 15): the amount is the validated body's, as
 * the donor typed it, with no service charge; nothing is held, so a checkout holds no seats but
 * still counts as one of the client's open checkouts (ANONYMOUS_LIMITS).
 */
export const donationKind = defineKind({
  kind: 'donation',
  body: ZDonationCheckout,
  buyers: 'anyone',
  unpaidHold: (input) => ({ email: input.donor.email, seats: 0 }),
  async price(_tx, input, ctx) {
    const { donor } = input;
    // A signed-in member's gift also shows in their family's payment history
    const memberId = ctx.principal?.role === 'member' ? ctx.principal.subjectId : null;
    return {
      email: donor.email,
      productName: DONATION_PRODUCT_NAME,
      description: PAYMENT_DESCRIPTIONS.donation,
      paymentType: 'Donation',
      dependent: 0,
      amountCents: donationCents(input.amount),
      serviceCents: 0,
      memberId,
      memberName: fullName(donor.fname, donor.lname),
      contact: donor.contact ?? null,
      details: { donor, dedication: input.dedication },
    };
  },
  async fulfil() {
    // Nothing to issue: the confirmed payment and its receipt are the donation
  },
  async describe(_db, payment) {
    const dedication = dedicationOf(payment);
    return dedication ? `${DONATION_PRODUCT_NAME}: ${dedication}` : DONATION_PRODUCT_NAME;
  },
  successPath: (payment) =>
    withQuery(DONATION_SUCCESS.path, {
      email: payment.email,
      transaction_id: payment.transactionId,
      amount: centsToDecimal(payment.amountCents),
    }),
  cancelPath: () => '/donate',
});
