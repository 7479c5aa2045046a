import type { TPlan } from '../../../domain/contracts/plans';
import { centsToDecimal } from '../../../domain/money';
import type { TMembershipPlanRow } from '../../db/schema';

/** A plan row in the spec's names, money as decimal strings. */
export function presentPlan(row: TMembershipPlanRow): TPlan {
  return {
    id: row.id,
    MembershipType: row.membershipType,
    prefix: row.prefix,
    PlanFee: centsToDecimal(row.planFeeCents),
    haveSpouse: row.haveSpouse,
    predependentFee: centsToDecimal(row.dependentFeeCents),
    maxDependent: row.maxDependent,
    serviceCharge: Number(row.serviceChargePercent),
    validityType: row.validityType,
    is_active: row.isActive,
    validityFrom: row.validityFrom,
    validityTo: row.validityTo,
    PlanType: row.planType,
  };
}
