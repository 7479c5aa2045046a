import { describe, expect, it } from 'vitest';
import { priceExtraDependents, priceMembership, priceTickets } from './pricing';

const plan = { planFeeCents: 10000, dependentFeeCents: 2500, serviceChargePercent: 3 };

describe('membership price', () => {
  it('charges fee 100.00 + 2 dependents x 25.00 + 3% as 150.00 + 4.50 = 154.50', () => {
    expect(priceMembership(plan, 2)).toEqual({
      subtotalCents: 15000,
      serviceCents: 450,
      totalCents: 15450,
    });
  });

  it('rounds the service charge half up to the cent', () => {
    // 3% of 10.50 is 0.315, which rounds up to 0.32
    expect(
      priceMembership({ planFeeCents: 1050, dependentFeeCents: 0, serviceChargePercent: 3 }, 0)
        .serviceCents,
    ).toBe(32);
  });

  it('prices extra dependents without the plan fee', () => {
    expect(priceExtraDependents(plan, 1)).toEqual({
      subtotalCents: 2500,
      serviceCents: 75,
      totalCents: 2575,
    });
  });

  it('charges no service on tickets', () => {
    expect(priceTickets(1500, 4).totalCents).toBe(6000);
  });
});
