/**
 * The chart answers as rows the chart library and the screen-reader tables both read. Pure, so
 * what the charts draw is tested without a browser.
 */
import { CHECKOUT_KINDS, type TCheckoutKind } from '../../../domain/constants';
import type { TAllChart, TMemChart } from '../../../domain/contracts/charts';

export const PAYMENT_KINDS: readonly TCheckoutKind[] = CHECKOUT_KINDS;

/**
 * Calm, distinct colours: membership money in blues and violets, tickets in teals and orange,
 * donations in pink.
 */
export const KIND_COLORS: Record<TCheckoutKind, string> = {
  registration: 'indigo.6',
  renewal: 'blue.4',
  dependents: 'violet.4',
  'member-ticket': 'teal.6',
  'nonmember-ticket': 'cyan.4',
  'table-for-10': 'orange.5',
  donation: 'pink.5',
};

export interface TMoneyRow extends Record<TCheckoutKind, number> {
  month: string;
  label: string;
  total: number;
}

export function moneyRows(chart: TAllChart, monthLabel: (month: string) => string): TMoneyRow[] {
  return chart.moneyByMonth.map((row) => ({
    month: row.month,
    label: monthLabel(row.month),
    total: row.totalCents,
    ...row.byKind,
  }));
}

/** The kinds that brought money in the window: a legend of six empty kinds is only noise. */
export function kindsWithMoney(chart: TAllChart): TCheckoutKind[] {
  return PAYMENT_KINDS.filter((kind) => chart.moneyByMonth.some((row) => row.byKind[kind] !== 0));
}

export function hasMoney(chart: TAllChart): boolean {
  return chart.moneyByMonth.some((row) => row.totalCents !== 0);
}

export function joinedRows(chart: TMemChart, monthLabel: (month: string) => string) {
  return chart.newMembers.map((row) => ({
    month: row.month,
    label: monthLabel(row.month),
    joined: row.count,
  }));
}

export function hasNewMembers(chart: TMemChart): boolean {
  return chart.newMembers.some((row) => row.count > 0);
}

/** Plans as bars; members without a plan get the label the screen gives them. */
export function planRows(chart: TMemChart, noPlanLabel: string) {
  return chart.byPlan
    .filter((row) => row.active + row.inactive > 0)
    .map((row) => ({
      plan: row.membershipType ?? noPlanLabel,
      active: row.active,
      inactive: row.inactive,
    }));
}

export function eventRows(chart: TAllChart, dateLabel: (isoDate: string) => string) {
  return chart.ticketsByEvent.map((row) => ({
    event: row.eventName,
    date: dateLabel(row.eventDate),
    seats: row.seatsSold,
    capacity: row.capacity,
    upcoming: row.upcoming,
  }));
}

export function hasTickets(chart: TAllChart): boolean {
  return chart.ticketsByEvent.some((row) => row.seatsSold > 0);
}
