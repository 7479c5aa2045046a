import { centsToDecimal } from '../../../domain/money';
import type { TNewMembershipPlanRow } from '../schema';
import { addDays } from './calendar';
import type { TSeedContext } from './context';

export const MAGAZINE_PRICE_CENTS = 1500;

/** The association's plans; Limited plans run for the current calendar year. */
export function buildPlans(ctx: TSeedContext): TNewMembershipPlanRow[] {
  const year = { validityFrom: ctx.yearStart, validityTo: ctx.yearEnd };
  const lastYear = {
    validityFrom: `${Number(ctx.yearStart.slice(0, 4)) - 1}-01-01`,
    validityTo: addDays(ctx.yearStart, -1),
  };
  const createdAt = ctx.momentOn(addDays(ctx.yearStart, -30));
  const plans: TNewMembershipPlanRow[] = [
    {
      membershipType: 'Family Membership',
      prefix: 'GM',
      planFeeCents: 7500,
      haveSpouse: true,
      dependentFeeCents: 1000,
      maxDependent: 6,
      serviceChargePercent: 3,
      validityType: 'Limited',
      ...year,
    },
    {
      membershipType: 'Individual Membership',
      prefix: 'IM',
      planFeeCents: 4000,
      haveSpouse: false,
      dependentFeeCents: 1000,
      maxDependent: 1,
      serviceChargePercent: 3,
      validityType: 'Limited',
      ...year,
    },
    {
      membershipType: 'Senior Membership',
      prefix: 'SR',
      planFeeCents: 3500,
      haveSpouse: true,
      dependentFeeCents: 1000,
      maxDependent: 2,
      serviceChargePercent: 3,
      validityType: 'Limited',
      ...year,
    },
    {
      membershipType: 'Life Membership',
      prefix: 'LM',
      planFeeCents: 75000,
      haveSpouse: true,
      dependentFeeCents: 2500,
      maxDependent: 6,
      serviceChargePercent: 3,
      validityType: 'Unlimited',
      validityFrom: null,
      validityTo: null,
    },
    {
      membershipType: 'Magazine Subscription',
      prefix: 'DA',
      planFeeCents: MAGAZINE_PRICE_CENTS,
      haveSpouse: false,
      dependentFeeCents: 0,
      maxDependent: 1,
      serviceChargePercent: 0,
      validityType: 'Limited',
      // The spec keeps the magazine price as text in PlanType
      planType: centsToDecimal(MAGAZINE_PRICE_CENTS),
      ...year,
    },
    {
      membershipType: 'Student Membership',
      prefix: 'ST',
      planFeeCents: 2000,
      haveSpouse: false,
      dependentFeeCents: 0,
      maxDependent: 1,
      serviceChargePercent: 3,
      validityType: 'Limited',
      isActive: false,
      ...lastYear,
    },
  ];
  return plans.map((plan) => ({ ...plan, createdAt, updatedAt: createdAt }));
}
