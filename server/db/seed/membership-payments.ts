import { PAYMENT_DESCRIPTIONS } from '../../../domain/constants';
import {
  priceExtraDependents,
  priceMembership,
  type TPlanPrice,
  type TPriceBreakdown,
} from '../../../domain/pricing';
import { addDays, daysBetween, yearOf } from './calendar';
import type { TSeedContext } from './context';
import type { TSeedFamily } from './families';
import { confirmedPayment, type TSeedPayment } from './payment-rows';

export interface TSeedPlan {
  id: number;
  membershipType: string;
  price: TPlanPrice;
}

export interface TInsertedFamily extends TSeedFamily {
  memberId: number;
}

// Most families renew in the first months of the year
const RENEWAL_SEASON_DAYS = 100;

/** Registrations, renewals and added dependents of the last 12 months, family by family. */
export function buildMembershipPayments(
  ctx: TSeedContext,
  families: readonly TInsertedFamily[],
  plans: ReadonlyMap<string, TSeedPlan>,
): TSeedPayment[] {
  const rows: TSeedPayment[] = [];
  for (const family of families) {
    const plan = plans.get(family.prefix);
    if (!plan) throw new Error(`seed: no plan with prefix ${family.prefix}`);
    const pay = (
      kind: 'registration' | 'renewal' | 'dependents',
      startedAt: Date,
      dependents: number,
      price: TPriceBreakdown,
    ) =>
      rows.push(
        confirmedPayment(ctx, startedAt, {
          kind,
          email: family.member.email,
          memberId: family.memberId,
          planId: plan.id,
          productName: plan.membershipType,
          description: PAYMENT_DESCRIPTIONS[kind],
          paymentType: 'Member',
          dependent: dependents,
          memberName: `${family.member.firstName} ${family.member.lastName}`,
          contact: family.member.contactPhone,
          amountCents: price.totalCents,
          serviceCents: price.serviceCents,
          details: { planId: plan.id, dependents },
        }),
      );
    const dependentsOn = (date: string) =>
      family.dependentsAtJoin +
      (family.addedDependents && family.addedDependents.on <= date
        ? family.addedDependents.count
        : 0);

    if (family.joinedOn >= ctx.windowStart) {
      // The member row is created when the payment is confirmed, minutes after checkout began
      const startedAt = new Date(family.joinedAt.getTime() - ctx.random.int(3, 10) * 60_000);
      pay(
        'registration',
        startedAt,
        family.dependentsAtJoin,
        priceMembership(plan.price, family.dependentsAtJoin),
      );
    }
    for (const renewedOn of renewalDates(ctx, family)) {
      const dependents = dependentsOn(renewedOn);
      pay('renewal', ctx.momentOn(renewedOn), dependents, priceMembership(plan.price, dependents));
    }
    if (family.addedDependents) {
      const { on, count } = family.addedDependents;
      pay('dependents', ctx.momentOn(on), count, priceExtraDependents(plan.price, count));
    }
  }
  return rows;
}

/** Renewal days in the last 12 months: last year's (if the family was there) and this year's. */
function renewalDates(ctx: TSeedContext, family: TSeedFamily): string[] {
  if (family.prefix === 'LM' || family.standing === 'inactive') return [];
  const dates: string[] = [];
  const lastYearStart = `${yearOf(ctx.yearStart) - 1}-01-01`;
  if (family.joinedOn < lastYearStart) {
    const renewedOn = addDays(lastYearStart, ctx.random.int(0, RENEWAL_SEASON_DAYS));
    if (renewedOn >= ctx.windowStart) dates.push(renewedOn);
  }
  if (family.standing === 'active' && family.joinedOn < ctx.yearStart) {
    const season = Math.min(RENEWAL_SEASON_DAYS, daysBetween(ctx.yearStart, ctx.today));
    dates.push(addDays(ctx.yearStart, ctx.random.int(0, season)));
  }
  return dates;
}
