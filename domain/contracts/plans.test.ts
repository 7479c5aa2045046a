import { describe, expect, it } from 'vitest';
import { priceMembership } from '../pricing';
import { planPriceOf, ZPlanUpdate, type TPlanUpdate } from './plans';

const familyPlan: TPlanUpdate = {
  id: 1,
  MembershipType: 'Family Membership',
  prefix: 'GM',
  PlanFee: '100.00',
  haveSpouse: true,
  predependentFee: '25.00',
  maxDependent: 6,
  serviceCharge: 3,
  validityType: 'Limited',
  is_active: true,
  validityFrom: '2026-01-01',
  validityTo: '2026-12-31',
  PlanType: null,
};

function problemsOf(plan: TPlanUpdate): Record<string, string> {
  const result = ZPlanUpdate.safeParse(plan);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('ZPlanUpdate (the plan form and the server share these rules)', () => {
  it('accepts a whole, valid plan', () => {
    expect(problemsOf(familyPlan)).toEqual({});
  });

  it('warns "A maximum of 6 dependents is allowed." above 6 and "At least 1 dependent is required." below 1', () => {
    expect(problemsOf({ ...familyPlan, maxDependent: 7 })).toEqual({
      maxDependent: 'A maximum of 6 dependents is allowed.',
    });
    expect(problemsOf({ ...familyPlan, maxDependent: 0 })).toEqual({
      maxDependent: 'At least 1 dependent is required.',
    });
  });

  it('takes a magazine price of at least 0 with up to two decimals', () => {
    const magazine = { ...familyPlan, prefix: 'DA', PlanType: '15.5' };
    expect(problemsOf(magazine)).toEqual({});
    expect(problemsOf({ ...magazine, PlanType: 0 })).toEqual({});
    for (const price of ['15.555', '-1', 'free', null]) {
      expect(problemsOf({ ...magazine, PlanType: price })).toEqual({
        PlanType: 'The magazine price is a number with up to two decimals, at least 0.',
      });
    }
  });

  it('leaves PlanType free text on other plans', () => {
    expect(problemsOf({ ...familyPlan, PlanType: 'Yearly' })).toEqual({});
  });

  it('checks fees, the service charge and the validity window', () => {
    expect(problemsOf({ ...familyPlan, PlanFee: '-5', serviceCharge: 101 })).toMatchObject({
      PlanFee: expect.any(String),
      serviceCharge: expect.any(String),
    });
    expect(problemsOf({ ...familyPlan, validityFrom: '' })).toEqual({
      validityFrom: 'A limited plan needs a start date.',
    });
    expect(
      problemsOf({
        ...familyPlan,
        validityType: 'Unlimited',
        validityFrom: null,
        validityTo: null,
      }),
    ).toEqual({});
  });
});

describe('planPriceOf', () => {
  it("prices a plan from the list as the server does (DESIGN §3d's example: 154.50)", () => {
    const plan = { PlanFee: '100.00', predependentFee: '25.00', serviceCharge: 3 };
    expect(priceMembership(planPriceOf(plan), 2)).toEqual({
      subtotalCents: 15000,
      serviceCents: 450,
      totalCents: 15450,
    });
  });
});
