import { describe, expect, it } from 'vitest';
import { extraDependentsSummary, membershipSummary } from './price-summary';

const plan = { PlanFee: '100.00', predependentFee: '25.00', serviceCharge: 3 };

describe('membershipSummary', () => {
  it('prices DESIGN §3d example: fee 100.00, 2 dependents x 25.00, 3% -> 154.50', () => {
    expect(membershipSummary(plan, 2)).toEqual({
      planFeeCents: 10000,
      dependents: 2,
      dependentFeeCents: 2500,
      serviceChargePercent: 3,
      serviceCents: 450,
      totalCents: 15450,
    });
  });

  it('rounds the service charge half up to the cent', () => {
    // 75.00 + 1 x 10.00 = 85.00; 3% = 2.55
    const summary = membershipSummary(
      { PlanFee: '75.00', predependentFee: '10.00', serviceCharge: 3 },
      1,
    );
    expect([summary.serviceCents, summary.totalCents]).toEqual([255, 8755]);
  });
});

describe('extraDependentsSummary', () => {
  it('charges the dependents and the service charge, never the plan fee', () => {
    const summary = extraDependentsSummary(plan, 1);
    expect(summary.planFeeCents).toBeUndefined();
    expect([summary.serviceCents, summary.totalCents]).toEqual([75, 2575]);
  });
});
