import {
  ZDonationCheckout,
  ZDonor,
  type TDonationCheckout,
} from '../../../domain/contracts/donations';

/** The amounts offered as one tap; any other amount is typed. */
export const PRESET_AMOUNTS = ['25', '50', '100', '250'] as const;

/** The donate form as typed, flat: the donor's fields beside the gift's. */
export interface TDonationValues {
  amount: string;
  dedication: string;
  fname: string;
  lname: string;
  email: string;
  contact: string;
}

export const EMPTY_DONATION: TDonationValues = {
  amount: '',
  dedication: '',
  fname: '',
  lname: '',
  email: '',
  contact: '',
};

/** The checkout's own rules on the flat form, so each problem names its field. */
export const ZDonationForm = ZDonor.extend({
  amount: ZDonationCheckout.shape.amount,
  dedication: ZDonationCheckout.shape.dedication,
});

export function donationBody(values: TDonationValues): TDonationCheckout {
  const { amount, dedication, ...donor } = values;
  return { kind: 'donation', amount, dedication, donor };
}

/** The server's field keys ('donor.email') as the form names them ('email'). */
export function formFieldOf(serverField: string): string {
  return serverField.split('.').pop() ?? serverField;
}
