/** What the three membership kinds share: "today", the buyer's payment fields, the receipt line. */
import { PAYMENT_DESCRIPTIONS } from '../../../domain/constants';
import { toCalendarDate } from '../../../domain/dates';
import { fullName } from '../../../domain/display';
import type { TPriceBreakdown } from '../../../domain/pricing';
import type { TMemberRow, TMembershipPlanRow } from '../../db/schema';
import type { TKindContext, TPricedPurchase } from '../payments/kinds/types';

export function todayOf(ctx: TKindContext): string {
  return toCalendarDate(ctx.now, ctx.config.timeZone);
}

/** The spec's membership payment record: product = the plan, payment type 'Member'. */
export function membershipPurchase(
  kind: 'registration' | 'renewal' | 'dependents',
  plan: TMembershipPlanRow,
  buyer: Pick<TMemberRow, 'email' | 'firstName' | 'lastName' | 'contactPhone'> & {
    id: number | null;
  },
  dependents: number,
  price: TPriceBreakdown,
  details: Record<string, unknown>,
): TPricedPurchase {
  return {
    email: buyer.email,
    productName: plan.membershipType,
    description: PAYMENT_DESCRIPTIONS[kind],
    paymentType: 'Member',
    dependent: dependents,
    amountCents: price.totalCents,
    serviceCents: price.serviceCents,
    memberId: buyer.id,
    planId: plan.id,
    memberName: fullName(buyer.firstName, buyer.lastName),
    contact: buyer.contactPhone,
    details,
  };
}

export function countOf(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
