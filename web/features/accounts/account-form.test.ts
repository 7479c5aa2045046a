import { describe, expect, it } from 'vitest';
import {
  ZAdminAccountCreate,
  ZAdminAccountUpdate,
  type TAdminAccount,
} from '../../../domain/contracts/auth';
import { accountPayloadOf, deactivates, formValuesOf, NEW_ACCOUNT } from './account-form';

const tempAdmin: TAdminAccount = {
  id: 3,
  email: 'temp@example.org',
  firstName: 'Kiran',
  lastName: 'Vora',
  kind: 'ga',
  is_staff: true,
  validityFrom: '2026-01-01',
  validityTo: '2026-03-31',
  is_active: true,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
};

describe('the admin account form', () => {
  it('edits an account as it is, with the password left empty', () => {
    const values = formValuesOf(tempAdmin);
    expect(values.password).toBe('');
    expect(accountPayloadOf(values)).toEqual({
      firstName: 'Kiran',
      lastName: 'Vora',
      email: 'temp@example.org',
      kind: 'ga',
      is_staff: true,
      validityFrom: '2026-01-01',
      validityTo: '2026-03-31',
      is_active: true,
    });
    expect(ZAdminAccountUpdate.safeParse(accountPayloadOf(values)).success).toBe(true);
  });

  it('refuses a new account without a password, and accepts one with it', () => {
    const values = { ...NEW_ACCOUNT, firstName: 'Asha', email: 'asha@example.org' };
    const missing = ZAdminAccountCreate.safeParse(accountPayloadOf(values));
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.path[0])).toEqual(['password']);
    const complete = accountPayloadOf({ ...values, password: 'long-enough' });
    expect(ZAdminAccountCreate.safeParse(complete).success).toBe(true);
  });

  it('sends no staff flag or validity window for a super user', () => {
    const payload = accountPayloadOf({ ...formValuesOf(tempAdmin), kind: 'su' });
    expect(payload).toMatchObject({ is_staff: false, validityFrom: null, validityTo: null });
  });

  it('sends no validity window once the staff flag is off', () => {
    const payload = accountPayloadOf({ ...formValuesOf(tempAdmin), is_staff: false });
    expect(payload).toMatchObject({ is_staff: false, validityFrom: null, validityTo: null });
  });

  it('asks for confirmation only when an active account is switched off', () => {
    expect(deactivates(tempAdmin, { ...formValuesOf(tempAdmin), is_active: false })).toBe(true);
    expect(deactivates(tempAdmin, formValuesOf(tempAdmin))).toBe(false);
    expect(deactivates(null, { ...NEW_ACCOUNT, is_active: false })).toBe(false);
    const inactive = { ...tempAdmin, is_active: false };
    expect(deactivates(inactive, formValuesOf(inactive))).toBe(false);
  });
});
