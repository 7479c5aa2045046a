import { describe, expect, it } from 'vitest';
import type { TAllChart, TMemChart } from '../../../domain/contracts/charts';
import {
  eventRows,
  hasMoney,
  hasNewMembers,
  hasTickets,
  kindsWithMoney,
  moneyRows,
  planRows,
} from './chart-data';

const zeroKinds = {
  registration: 0,
  renewal: 0,
  dependents: 0,
  'member-ticket': 0,
  'nonmember-ticket': 0,
  'table-for-10': 0,
  donation: 0,
};

const money: TAllChart = {
  today: '2026-11-22',
  moneyByMonth: [
    { month: '2026-10', totalCents: 0, byKind: zeroKinds },
    {
      month: '2026-11',
      totalCents: 13000,
      byKind: { ...zeroKinds, renewal: 10000, 'nonmember-ticket': 3000 },
    },
  ],
  yearToDate: { year: 2026, totalCents: 13000 },
  ticketsByEvent: [
    {
      eventId: 1,
      eventName: 'Diwali Night',
      eventDate: '2026-12-05',
      capacity: 150,
      seatsSold: 0,
      upcoming: true,
    },
  ],
  upcoming: { events: 1, seatsSold: 0 },
};

const members: TMemChart = {
  today: '2026-11-22',
  totals: { members: 3, active: 2, inactive: 1 },
  byPlan: [
    { planId: 1, prefix: 'GM', membershipType: 'General', active: 2, inactive: 0 },
    { planId: null, prefix: null, membershipType: null, active: 0, inactive: 1 },
    { planId: 2, prefix: 'DA', membershipType: 'Magazine', active: 0, inactive: 0 },
  ],
  newMembers: [
    { month: '2026-10', count: 0 },
    { month: '2026-11', count: 0 },
  ],
};

describe('the dashboard chart rows', () => {
  it('draws only the kinds that brought money, each month with its label and total', () => {
    expect(kindsWithMoney(money)).toEqual(['renewal', 'nonmember-ticket']);
    const rows = moneyRows(money, (month) => `m${month}`);
    expect(rows[1]).toMatchObject({ label: 'm2026-11', total: 13000, renewal: 10000 });
    expect(hasMoney(money)).toBe(true);
    expect(hasMoney({ ...money, moneyByMonth: [money.moneyByMonth[0]] })).toBe(false);
  });

  it('names members without a plan and leaves empty plans out of the bars', () => {
    expect(planRows(members, 'No plan')).toEqual([
      { plan: 'General', active: 2, inactive: 0 },
      { plan: 'No plan', active: 0, inactive: 1 },
    ]);
  });

  it('says there is nothing to draw when nobody joined and no seat was sold', () => {
    expect(hasNewMembers(members)).toBe(false);
    expect(hasTickets(money)).toBe(false);
    expect(eventRows(money, (day) => `d${day}`)[0]).toMatchObject({
      event: 'Diwali Night',
      date: 'd2026-12-05',
      seats: 0,
      upcoming: true,
    });
  });
});
