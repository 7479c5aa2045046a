/** Membership plans: the public list and the admins' whole-plan update (spec 02 §2.5, §5). */
import { asc, eq, and, ne } from 'drizzle-orm';
import {
  isMagazinePlan,
  MAGAZINE_PRICE_CONFLICT_MESSAGE,
  planProblems,
  PREFIX_TAKEN_MESSAGE,
  type TPlan,
  type TPlanInput,
} from '../../../domain/contracts/plans';
import { centsToDecimal, parseMoney } from '../../../domain/money';
import type { TDb } from '../../db/client';
import { membershipPlans, type TMembershipPlanRow } from '../../db/schema';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import { conflict, invalid, notFound } from '../../lib/errors';
import { presentPlan } from './plans.presenter';

export async function listPlans(db: TDb, options: { includeInactive: boolean }): Promise<TPlan[]> {
  const rows = await db
    .select()
    .from(membershipPlans)
    .where(options.includeInactive ? undefined : eq(membershipPlans.isActive, true))
    .orderBy(asc(membershipPlans.id));
  return rows.map(presentPlan);
}

/** Replaces a plan with the admin's edited copy, in one transaction with its audit entry. */
export async function updatePlan(
  db: TDb,
  audit: TAuditContext,
  id: number,
  input: TPlanInput,
): Promise<TPlan> {
  const problems = planProblems(input);
  const first = Object.values(problems)[0];
  if (first) throw invalid(first, problems);
  if (input.id !== undefined && input.id !== id) {
    throw invalid('The plan in the body is not the plan in the address.', { id: 'Not this plan.' });
  }

  return db.transaction(async (tx) => {
    const [stored] = await tx
      .select()
      .from(membershipPlans)
      .where(eq(membershipPlans.id, id))
      .for('update');
    if (!stored) throw notFound('membership plan');
    const [clash] = await tx
      .select({ id: membershipPlans.id })
      .from(membershipPlans)
      .where(and(eq(membershipPlans.prefix, input.prefix), ne(membershipPlans.id, id)));
    if (clash) throw conflict(PREFIX_TAKEN_MESSAGE, { prefix: PREFIX_TAKEN_MESSAGE });

    const fee = feeAndPlanType(stored, input);
    const limited = input.validityType === 'Limited';
    const [updated] = await tx
      .update(membershipPlans)
      .set({
        membershipType: input.MembershipType,
        prefix: input.prefix,
        planFeeCents: fee.planFeeCents,
        haveSpouse: input.haveSpouse,
        dependentFeeCents: parseMoney(input.predependentFee) ?? 0,
        maxDependent: input.maxDependent,
        serviceChargePercent: input.serviceCharge,
        validityType: input.validityType,
        isActive: input.is_active,
        // An Unlimited plan has no window; stale dates would only mislead a later reader
        validityFrom: limited ? input.validityFrom : null,
        validityTo: limited ? input.validityTo : null,
        planType: fee.planType,
        updatedAt: audit.at,
      })
      .where(eq(membershipPlans.id, id))
      .returning();
    const before = presentPlan(stored);
    const after = presentPlan(updated);
    await writeAudit(tx, audit, {
      message: `Updated membership plan ${after.prefix} (${after.MembershipType})${describeChanges(before, after)}`,
    });
    return after;
  });
}

/**
 * The magazine plan's fee is its price, kept in PlanType as well (spec 02 §3). The field the
 * admin changed wins: the magazine price line sends a new PlanType, the plan row a new PlanFee.
 */
function feeAndPlanType(
  stored: TMembershipPlanRow,
  input: TPlanInput,
): { planFeeCents: number; planType: string | null } {
  const fee = parseMoney(input.PlanFee) ?? 0;
  if (!isMagazinePlan(input.prefix)) return { planFeeCents: fee, planType: input.PlanType };
  const price = parseMoney(input.PlanType ?? '') ?? 0;
  const storedPrice = stored.planType === null ? null : parseMoney(stored.planType);
  const priceChanged = price !== storedPrice;
  const feeChanged = fee !== stored.planFeeCents;
  if (priceChanged && feeChanged && price !== fee) {
    throw invalid(MAGAZINE_PRICE_CONFLICT_MESSAGE, {
      PlanType: MAGAZINE_PRICE_CONFLICT_MESSAGE,
      PlanFee: MAGAZINE_PRICE_CONFLICT_MESSAGE,
    });
  }
  const cents = priceChanged ? price : fee;
  return { planFeeCents: cents, planType: centsToDecimal(cents) };
}

/** ": PlanFee 75.00 → 80.00, maxDependent 6 → 4" for the audit log; empty when nothing changed. */
function describeChanges(before: TPlan, after: TPlan): string {
  const changes = (Object.keys(after) as (keyof TPlan)[])
    .filter((key) => before[key] !== after[key])
    .map((key) => `${key} ${String(before[key])} → ${String(after[key])}`);
  return changes.length ? `: ${changes.join(', ')}` : '';
}
