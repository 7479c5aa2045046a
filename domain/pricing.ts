import { TABLE_FOR_TEN_SEATS } from './constants';
import { percentOf, type TCents } from './money';

/** What a plan costs; the server reads these from the database, the browser from the plan list. */
export interface TPlanPrice {
  planFeeCents: TCents;
  dependentFeeCents: TCents;
  serviceChargePercent: number;
}

export interface TPriceBreakdown {
  subtotalCents: TCents;
  serviceCents: TCents;
  totalCents: TCents;
}

function withService(subtotalCents: TCents, serviceChargePercent: number): TPriceBreakdown {
  const serviceCents = percentOf(subtotalCents, serviceChargePercent);
  return { subtotalCents, serviceCents, totalCents: subtotalCents + serviceCents };
}

/** Registration and renewal: plan fee + dependents x dependent fee, plus the service charge. A spouse costs nothing. */
export function priceMembership(plan: TPlanPrice, dependents: number): TPriceBreakdown {
  return withService(
    plan.planFeeCents + dependents * plan.dependentFeeCents,
    plan.serviceChargePercent,
  );
}

/** Dependents added to an existing membership: n x dependent fee, plus the service charge. */
export function priceExtraDependents(plan: TPlanPrice, dependents: number): TPriceBreakdown {
  return withService(dependents * plan.dependentFeeCents, plan.serviceChargePercent);
}

/** Tickets carry no service charge. */
export function priceTickets(unitPriceCents: TCents, count: number): TPriceBreakdown {
  const subtotalCents = unitPriceCents * count;
  return { subtotalCents, serviceCents: 0, totalCents: subtotalCents };
}

export function priceTable(tablePriceCents: TCents): TPriceBreakdown {
  return { subtotalCents: tablePriceCents, serviceCents: 0, totalCents: tablePriceCents };
}

export const TABLE_SEATS = TABLE_FOR_TEN_SEATS;
