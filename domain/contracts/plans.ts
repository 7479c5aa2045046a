/**
 * The wire contract of membership plans (spec 02 §2.5, §3, §5; DESIGN §3d). Field names are the
 * spec's; money is a decimal string of dollars ("100.00"), the service charge a percentage.
 *
 * - `GET /api/memberplan`: the active plans, for anyone (registration, renewal). Staff add
 *   `?all=true` to get every plan, inactive ones included (the plan screen).
 * - `PUT /api/memberplan/:id` (global admin, super user): the whole plan object, also used for
 *   the magazine price. Answer `{ message: 'MemberShip Updated', plan }`.
 *
 * The magazine plan (prefix DA) keeps its price in `PlanType`, and that price is also its fee.
 * On update the field the admin changed wins: a new `PlanType` sets the fee, a new `PlanFee` on
 * the row sets the magazine price; both changed to different amounts is refused.
 */
import { z } from 'zod';
import { ZId, ZIdNumber, ZLine } from './fields';
import { MAGAZINE_PLAN_PREFIX, MAX_DEPENDENTS, MIN_DEPENDENTS, VALIDITY_TYPES } from '../constants';
import { isCalendarDate } from '../dates';
import { parseMoney } from '../money';
import type { TPlanPrice } from '../pricing';
import { ZMoney } from './events';

export const PLAN_UPDATED_MESSAGE = 'MemberShip Updated';
export const MAX_DEPENDENTS_MESSAGE = `A maximum of ${MAX_DEPENDENTS} dependents is allowed.`;
export const MIN_DEPENDENTS_MESSAGE = 'At least 1 dependent is required.';
/** The limit a family meets when its own plan allows fewer than 6. */
export const maxDependentsMessage = (max: number) => `A maximum of ${max} dependents is allowed.`;
export const MAGAZINE_PRICE_MESSAGE =
  'The magazine price is a number with up to two decimals, at least 0.';
export const MAGAZINE_PRICE_CONFLICT_MESSAGE =
  'The magazine plan’s fee is its magazine price: change one of the two, not both.';
export const PREFIX_TAKEN_MESSAGE = 'Another plan already uses this prefix.';

export const ZPlan = z.object({
  id: z.number().int(),
  MembershipType: z.string(),
  prefix: z.string(),
  PlanFee: ZMoney,
  haveSpouse: z.boolean(),
  /** The fee per dependent. */
  predependentFee: ZMoney,
  maxDependent: z.number().int(),
  /** Percent of the subtotal, e.g. 3 or 2.5. */
  serviceCharge: z.number(),
  validityType: z.enum(VALIDITY_TYPES),
  is_active: z.boolean(),
  validityFrom: z.string().nullable(),
  validityTo: z.string().nullable(),
  /** Free text; for the magazine plan (DA) its price, e.g. "15.00". */
  PlanType: z.string().nullable(),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZPlanList = z.array(ZPlan);
export const ZPlanListQuery = z.object({ all: z.enum(['true', 'false']).optional() });
export const ZPlanIdParams = z.object({ id: ZId });

/** An amount as a form holds it: "100", "100.5", "100.50" or a number. */
const ZAmountInput = z.union([ZLine().max(20), z.number()]).transform(String);

/**
 * The plan as the update sends it, checked for shape only; `planProblems` holds the rules so the
 * server can answer the spec's own message (e.g. 'A maximum of 6 dependents is allowed.') as the
 * error's message. `ZPlanUpdate` adds the rules for the browser's form.
 */
export const ZPlanInput = z.object({
  /** When sent it must be the id in the path. */
  id: ZIdNumber.optional(),
  MembershipType: ZLine().max(100),
  prefix: ZLine()
    .max(10)
    .transform((prefix) => prefix.toUpperCase()),
  PlanFee: ZAmountInput,
  haveSpouse: z.boolean(),
  predependentFee: ZAmountInput,
  maxDependent: z.number(),
  // Decimal digits only: "0x05" or "1e1" is not a percentage (NaN then fails the rules).
  serviceCharge: z.union([
    z.number(),
    ZLine()
      .max(10)
      .transform((text) => (/^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN)),
  ]),
  validityType: z.enum(VALIDITY_TYPES),
  is_active: z.boolean(),
  validityFrom: ZLine()
    .max(10)
    .nullish()
    .transform((date) => date || null),
  validityTo: ZLine()
    .max(10)
    .nullish()
    .transform((date) => date || null),
  PlanType: z
    .union([ZLine().max(100), z.number()])
    .nullish()
    .transform((value) =>
      value === null || value === undefined || value === '' ? null : String(value),
    ),
});
export type TPlanInput = z.output<typeof ZPlanInput>;

export function isMagazinePlan(prefix: string): boolean {
  return prefix === MAGAZINE_PLAN_PREFIX;
}

function hasTwoDecimalsAtMost(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/**
 * Every rule of a plan update, field by field, most important first: the caller shows the first
 * message as the warning (title 'Attention') and marks every field named.
 */
export function planProblems(plan: TPlanInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!Number.isInteger(plan.maxDependent)) problems.maxDependent = 'Whole dependents only.';
  else if (plan.maxDependent > MAX_DEPENDENTS) problems.maxDependent = MAX_DEPENDENTS_MESSAGE;
  else if (plan.maxDependent < MIN_DEPENDENTS) problems.maxDependent = MIN_DEPENDENTS_MESSAGE;
  if (
    isMagazinePlan(plan.prefix) &&
    (plan.PlanType === null || parseMoney(plan.PlanType) === null)
  ) {
    problems.PlanType = MAGAZINE_PRICE_MESSAGE;
  }
  if (!plan.MembershipType) problems.MembershipType = 'Membership Type is required.';
  if (!/^[A-Z0-9]{1,6}$/.test(plan.prefix)) {
    problems.prefix = 'A prefix is 1 to 6 capital letters or digits.';
  }
  if (parseMoney(plan.PlanFee) === null) problems.PlanFee = 'A fee such as 100.00, at least 0.';
  if (parseMoney(plan.predependentFee) === null) {
    problems.predependentFee = 'A fee such as 25.00, at least 0.';
  }
  const charge = plan.serviceCharge;
  if (!(charge >= 0 && charge <= 100 && hasTwoDecimalsAtMost(charge))) {
    problems.serviceCharge = 'A percentage from 0 to 100, with up to two decimals.';
  }
  Object.assign(problems, validityProblems(plan));
  return problems;
}

function validityProblems(plan: TPlanInput): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of ['validityFrom', 'validityTo'] as const) {
    const date = plan[field];
    if (date !== null && !isCalendarDate(date)) problems[field] = 'Use the form YYYY-MM-DD.';
  }
  if (plan.validityType === 'Limited') {
    if (plan.validityFrom === null) problems.validityFrom = 'A limited plan needs a start date.';
    if (plan.validityTo === null) problems.validityTo = 'A limited plan needs an end date.';
  }
  if (!problems.validityFrom && !problems.validityTo && plan.validityFrom && plan.validityTo) {
    if (plan.validityFrom > plan.validityTo) {
      problems.validityTo = 'The end date must not be before the start date.';
    }
  }
  return problems;
}

/** The update form's schema: the shape and every rule, as the server applies them. */
export const ZPlanUpdate = ZPlanInput.superRefine((plan, ctx) => {
  for (const [path, message] of Object.entries(planProblems(plan))) {
    ctx.addIssue({ code: 'custom', path: [path], message });
  }
});
export type TPlanUpdate = z.input<typeof ZPlanUpdate>;

export const ZPlanUpdated = z.object({ message: z.literal(PLAN_UPDATED_MESSAGE), plan: ZPlan });
export type TPlanUpdated = z.infer<typeof ZPlanUpdated>;

/** A plan's prices as `domain/pricing` takes them, so a screen shows the same total the server charges. */
export function planPriceOf(
  plan: Pick<TPlan, 'PlanFee' | 'predependentFee' | 'serviceCharge'>,
): TPlanPrice {
  return {
    planFeeCents: parseMoney(plan.PlanFee) ?? 0,
    dependentFeeCents: parseMoney(plan.predependentFee) ?? 0,
    serviceChargePercent: plan.serviceCharge,
  };
}
