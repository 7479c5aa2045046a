import { describe, expect, it } from 'vitest';
import type { TPlan } from '../../../domain/contracts/plans';
import { defaultPlanId, dependentsToKeep, keepLimit } from './renewal-choice';

const plan = (id: number, maxDependent: number): TPlan => ({
  id,
  MembershipType: `Plan ${id}`,
  prefix: `P${id}`,
  PlanFee: '10.00',
  haveSpouse: true,
  predependentFee: '5.00',
  maxDependent,
  serviceCharge: 3,
  validityType: 'Unlimited',
  is_active: true,
  validityFrom: null,
  validityTo: null,
  PlanType: null,
});

describe('renewal choices', () => {
  it('offers the current plan first, or none when it is no longer on offer', () => {
    expect(defaultPlanId([plan(1, 6), plan(2, 2)], 2)).toBe(2);
    expect(defaultPlanId([plan(1, 6)], 9)).toBeNull();
    expect(defaultPlanId([plan(1, 6)], null)).toBeNull();
  });

  it("keeps all dependents by default, within the plan's limit", () => {
    expect(keepLimit(plan(1, 6), 3)).toBe(3);
    expect(keepLimit(plan(2, 2), 3)).toBe(2);
    expect(dependentsToKeep(null, 2)).toBe(2);
    expect(dependentsToKeep(5, 2)).toBe(2);
    expect(dependentsToKeep(1, 2)).toBe(1);
    expect(dependentsToKeep(-1, 2)).toBe(0);
  });
});
