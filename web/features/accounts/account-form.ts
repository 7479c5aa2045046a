/**
 * The account form's values and the contract payloads they become. Validity dates belong to a
 * temporary admin only (a staff global admin); for anyone else they are sent empty.
 */
import type {
  TAdminAccount,
  TAdminAccountKind,
  TAdminAccountUpdate,
} from '../../../domain/contracts/auth';

// A type alias, not an interface, so it reads as a plain record where forms need one.
export type TAccountFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  kind: TAdminAccountKind;
  is_staff: boolean;
  validityFrom: string | null;
  validityTo: string | null;
  is_active: boolean;
  password: string;
};

export const NEW_ACCOUNT: TAccountFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  kind: 'ga',
  is_staff: false,
  validityFrom: null,
  validityTo: null,
  is_active: true,
  password: '',
};

export function formValuesOf(account: TAdminAccount): TAccountFormValues {
  return {
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    kind: account.kind,
    is_staff: account.is_staff,
    validityFrom: account.validityFrom,
    validityTo: account.validityTo,
    is_active: account.is_active,
    password: '',
  };
}

/**
 * The payload for create and edit alike, to be checked by the contract's create or update
 * schema: an empty password is left out, which the update reads as "keep it" and the create
 * refuses as missing.
 */
export function accountPayloadOf(values: TAccountFormValues): TAdminAccountUpdate {
  const staff = values.kind === 'ga' && values.is_staff;
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    kind: values.kind,
    is_staff: staff,
    validityFrom: staff ? values.validityFrom : null,
    validityTo: staff ? values.validityTo : null,
    is_active: values.is_active,
    ...(values.password ? { password: values.password } : {}),
  };
}

/** Saving would switch off an account that can sign in today: that asks for confirmation. */
export function deactivates(account: TAdminAccount | null, values: TAccountFormValues): boolean {
  return !!account && account.is_active && !values.is_active;
}
