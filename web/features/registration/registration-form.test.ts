import { describe, expect, it } from 'vitest';
import type { TPlan } from '../../../domain/contracts/plans';
import {
  EMPTY_REGISTRATION,
  firstStepWithProblem,
  formFieldOf,
  registrationPayloadOf,
  stepOfField,
  type TRegistrationValues,
} from './registration-form';

const familyPlan: TPlan = {
  id: 1,
  MembershipType: 'Family Membership',
  prefix: 'GM',
  PlanFee: '75.00',
  haveSpouse: true,
  predependentFee: '10.00',
  maxDependent: 6,
  serviceCharge: 3,
  validityType: 'Limited',
  is_active: true,
  validityFrom: '2026-01-01',
  validityTo: '2026-12-31',
  PlanType: null,
};

const values: TRegistrationValues = {
  ...EMPTY_REGISTRATION,
  planId: 1,
  member: {
    ...EMPTY_REGISTRATION.member,
    MemberFirstName: 'Asha',
    email: 'asha@example.org',
    password: 'secret-123',
    confirmPassword: 'secret-123',
  },
  withSpouse: true,
  spouse: { ...EMPTY_REGISTRATION.spouse, spouseFirstName: 'Ravi', spouseLastName: 'Patel' },
  dependents: [{ key: 7, name: 'Mira', dateOfBirth: '2015-04-02' }],
};

describe('registrationPayloadOf', () => {
  it('sends the member without the confirmation and an empty birth date as null', () => {
    const payload = registrationPayloadOf(values, familyPlan);
    expect(payload.member).not.toHaveProperty('confirmPassword');
    expect(payload.member.dateOfBirth).toBeNull();
    expect(payload.dependents).toEqual([{ name: 'Mira', dateOfBirth: '2015-04-02', email: null }]);
    // The spouse's optional fields left empty are sent as none, not as invalid values.
    expect(payload.spouse).toMatchObject({
      spouseFirstName: 'Ravi',
      spouseemail: null,
      spousedateOfBirth: null,
    });
  });

  it('leaves the spouse out on a plan without one, even when one was entered', () => {
    const payload = registrationPayloadOf(values, { ...familyPlan, haveSpouse: false });
    expect(payload.spouse).toBeNull();
  });
});

describe('where a field lives', () => {
  it("reads the server's bare names as the form's paths", () => {
    expect(formFieldOf('email')).toBe('member.email');
    expect(formFieldOf('spouseFirstName')).toBe('spouse.spouseFirstName');
    expect(formFieldOf('dependents.1.name')).toBe('dependents.1.name');
  });

  it('sends the visitor to the first step with a problem', () => {
    expect(stepOfField('planId')).toBe(0);
    expect(stepOfField('member.zipcode')).toBe(1);
    expect(stepOfField('dependents.0.dateOfBirth')).toBe(2);
    expect(stepOfField('request')).toBe(3);
    expect(firstStepWithProblem(['dependents', 'member.email'])).toBe(1);
    expect(firstStepWithProblem([])).toBeNull();
  });
});
