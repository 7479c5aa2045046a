import type { TSpouseInput } from '../../../domain/contracts/members';

/** The spouse as a form holds it: every field text, '' for nothing. */
export type TSpouseValues = {
  spouseFirstName: string;
  spouseLastName: string;
  spouseemail: string;
  spousecontactPhone: string;
  spousedateOfBirth: string;
};

export const EMPTY_SPOUSE: TSpouseValues = {
  spouseFirstName: '',
  spouseLastName: '',
  spouseemail: '',
  spousecontactPhone: '',
  spousedateOfBirth: '',
};

/** The contract's spouse: an empty optional date is no date, not an invalid one. */
export function spousePayloadOf(values: TSpouseValues): TSpouseInput {
  return {
    ...values,
    spouseemail: values.spouseemail || null,
    spousecontactPhone: values.spousecontactPhone || null,
    spousedateOfBirth: values.spousedateOfBirth || null,
  };
}
