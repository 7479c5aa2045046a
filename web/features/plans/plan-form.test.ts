import { describe, expect, it } from 'vitest';
import {
  MAGAZINE_PRICE_MESSAGE,
  MAX_DEPENDENTS_MESSAGE,
  MIN_DEPENDENTS_MESSAGE,
  type TPlan,
} from '../../../domain/contracts/plans';
import { magazinePriceUpdateOf, planProblemsOf, planUpdateOf, rowValuesOf } from './plan-form';
import { rowStateOf, withEdit, withSaved, withStoredPlan } from './plan-row-state';

const senior: TPlan = {
  id: 3,
  MembershipType: 'Senior Membership',
  prefix: 'SR',
  PlanFee: '35.00',
  haveSpouse: true,
  predependentFee: '10.00',
  maxDependent: 2,
  serviceCharge: 3,
  validityType: 'Limited',
  is_active: true,
  validityFrom: '2026-01-01',
  validityTo: '2026-12-31',
  PlanType: null,
};

const magazine: TPlan = {
  ...senior,
  id: 5,
  MembershipType: 'Magazine Subscription',
  prefix: 'DA',
  PlanFee: '15.00',
  PlanType: '15.00',
};

const withMax = (maxDependent: number | string) =>
  planUpdateOf({ ...rowValuesOf(senior), maxDependent }, senior);

describe('plan row checks', () => {
  it('accepts the plan as stored', () => {
    expect(planProblemsOf(planUpdateOf(rowValuesOf(senior), senior))).toEqual([]);
  });

  it('refuses 7 dependents with "A maximum of 6 dependents is allowed." first', () => {
    expect(planProblemsOf(withMax(7))[0]).toEqual(['maxDependent', MAX_DEPENDENTS_MESSAGE]);
  });

  it('refuses 0 or no dependents with "At least 1 dependent is required."', () => {
    expect(planProblemsOf(withMax(0))[0]).toEqual(['maxDependent', MIN_DEPENDENTS_MESSAGE]);
    expect(planProblemsOf(withMax(''))[0]).toEqual(['maxDependent', MIN_DEPENDENTS_MESSAGE]);
  });

  it('sends no window for an Unlimited plan, and needs one for a Limited plan', () => {
    const unlimited = planUpdateOf({ ...rowValuesOf(senior), validityType: 'Unlimited' }, senior);
    expect([unlimited.validityFrom, unlimited.validityTo]).toEqual([null, null]);
    const open = planUpdateOf({ ...rowValuesOf(senior), validityTo: null }, senior);
    expect(planProblemsOf(open).map(([field]) => field)).toEqual(['validityTo']);
  });
});

describe('magazine price', () => {
  it('sends the whole magazine plan with the new price', () => {
    const update = magazinePriceUpdateOf(magazine, ' 17.5 ');
    expect(update).toMatchObject({ id: 5, prefix: 'DA', PlanType: '17.5', PlanFee: '15.00' });
    expect(planProblemsOf(update)).toEqual([]);
  });

  it('refuses a price below 0 or with more than two decimals', () => {
    for (const price of ['-1', '12.345', 'abc']) {
      expect(planProblemsOf(magazinePriceUpdateOf(magazine, price))).toEqual([
        ['PlanType', MAGAZINE_PRICE_MESSAGE],
      ]);
    }
  });
});

const refreshed = (fee: string): TPlan => ({ ...senior, PlanFee: fee });

describe("a plan row's fields", () => {
  it('follow a newer stored plan while they hold no edit', () => {
    const row = withStoredPlan(rowStateOf(senior), refreshed('40.00'));
    expect(row.values.PlanFee).toBe('40.00');
  });

  it('keep what was typed after a save when the refreshed list arrives', () => {
    let row = withEdit(rowStateOf(senior), 'PlanFee', '41,50');
    const sent = row.values;
    row = withSaved(row, sent, refreshed('41.50'));
    row = withEdit(row, 'PlanFee', '35,00'); // typed before the list came back
    row = withStoredPlan(row, refreshed('41.50'));
    expect(row.values.PlanFee).toBe('35,00');
  });

  it('start from what was saved, unless edited again while the save was under way', () => {
    const edited = withEdit(rowStateOf(senior), 'PlanFee', '42.5');
    const saved = withSaved(edited, edited.values, refreshed('42.50'));
    expect(saved.values.PlanFee).toBe('42.50');
    // Clean again: the next stored plan is followed
    expect(withStoredPlan(saved, refreshed('43.00')).values.PlanFee).toBe('43.00');

    const typedMeanwhile = withEdit(edited, 'PlanFee', '44');
    expect(withSaved(typedMeanwhile, edited.values, refreshed('42.50')).values.PlanFee).toBe('44');
  });
});
