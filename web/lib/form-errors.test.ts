import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  ZAdminAccountCreate,
  ZChangePasswordRequest,
  ZSignInRequest,
} from '../../domain/contracts/auth';
import { ZMemberUpdate } from '../../domain/contracts/members';
import { ApiError } from './api-client';
import { fieldErrorsOf, serverFieldErrors } from './form-errors';

const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction;
const labels = { password: 'Password', newPassword: 'New password', firstName: 'First name' };

function errorsFor(schema: typeof ZSignInRequest | typeof ZChangePasswordRequest, values: object) {
  const parsed = schema.safeParse(values);
  if (parsed.success) throw new Error('expected a problem');
  return fieldErrorsOf(parsed.error, values as Record<string, unknown>, { labels, t });
}

describe('form errors in the spec vocabulary', () => {
  it('says "Email is required." and "Email is not Valid."', () => {
    expect(errorsFor(ZSignInRequest, { email: ' ', password: 'x' }).email).toBe(
      'validation.emailRequired',
    );
    expect(errorsFor(ZSignInRequest, { email: 'nobody', password: 'x' }).email).toBe(
      'validation.emailInvalid',
    );
  });

  it('says "{name} is required" for an empty field, by its label', () => {
    expect(errorsFor(ZSignInRequest, { email: 'a@example.org', password: '' })).toEqual({
      password: 'validation.required {"name":"Password"}',
    });
  });

  it('says "Required field", "Minimum field length:" and "Field is not valid" for a field without a label', () => {
    const required = ZSignInRequest.safeParse({ email: 'a@example.org', password: '' });
    if (required.success) throw new Error('expected a problem');
    expect(fieldErrorsOf(required.error, { password: '' }, { labels: {}, t }).password).toBe(
      'validation.requiredField',
    );
    const short = ZChangePasswordRequest.safeParse({ currentPassword: 'x', newPassword: 'short' });
    if (short.success) throw new Error('expected a problem');
    expect(
      fieldErrorsOf(short.error, { newPassword: 'short' }, { labels: {}, t }).newPassword,
    ).toMatch(/^validation\.minFieldLength \{"min":\d+\}$/);
  });

  it('says "{name} minimum length is {min}" with the contract\'s minimum', () => {
    const errors = errorsFor(ZChangePasswordRequest, {
      currentPassword: 'x',
      newPassword: 'short',
    });
    expect(errors.newPassword).toBe('validation.minLength {"name":"New password","min":8}');
  });

  it("words a contract rule through the form's own translations", () => {
    const values = {
      email: 'temp@example.org',
      firstName: 'Kiran',
      kind: 'ga',
      is_staff: true,
      validityFrom: '2026-01-01',
      validityTo: null,
      password: 'long-enough',
    };
    const parsed = ZAdminAccountCreate.safeParse(values);
    if (parsed.success) throw new Error('expected a problem');
    const ruleMessages = { 'A temporary admin needs an end date.': 'needs an end (translated)' };
    expect(fieldErrorsOf(parsed.error, values, { labels, t, ruleMessages })).toEqual({
      validityTo: 'needs an end (translated)',
    });
  });

  it("words an empty field by the contract's own message when the form knows it (spec 02 §5)", () => {
    const values = {
      MemberFirstName: 'Asha',
      email: 'asha@example.org',
      contactPhone: '2815550199',
      street: ' ',
      city: '',
      state: 'TX',
      zipcode: '',
    };
    const parsed = ZMemberUpdate.safeParse(values);
    if (parsed.success) throw new Error('expected a problem');
    const ruleMessages = {
      'Please enter your Address.': 'address (translated)',
      'Please enter your city.': 'city (translated)',
      'Please enter your Zipcode.': 'zip (translated)',
    };
    expect(fieldErrorsOf(parsed.error, values, { labels, t, ruleMessages })).toEqual({
      street: 'address (translated)',
      city: 'city (translated)',
      zipcode: 'zip (translated)',
    });
  });

  it("keeps the server's field messages, translated where known", () => {
    const error = new ApiError('CONFLICT', 'taken', {
      status: 409,
      fields: { email: 'An admin account with this e-mail already exists.', kind: 'Other' },
    });
    expect(
      serverFieldErrors(error, { 'An admin account with this e-mail already exists.': 'pris' }),
    ).toEqual({ email: 'pris', kind: 'Other' });
    expect(serverFieldErrors(new Error('boom'))).toEqual({});
  });
});
