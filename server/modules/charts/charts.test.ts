import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZAllChart,
  ZMemChart,
  type TAllChart,
  type TMemChart,
} from '../../../domain/contracts/charts';
import { TestClock } from '../../lib/clock';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { bearer, tokenOf, type TCaller } from '../auth/auth-test-kit';
import { FIXTURE_NOW, seedChartFixture } from './charts-test-fixture';

let t: TTestApp;
const tokens = new Map<TCaller, string>();

beforeAll(async () => {
  t = await createTestApp({ clock: new TestClock(FIXTURE_NOW), prepare: seedChartFixture });
  for (const caller of ['admin', 'super', 'temp', 'member'] as const)
    tokens.set(caller, await tokenOf(t, caller));
});
afterAll(async () => {
  await t.close();
});

function get(url: string, caller?: TCaller) {
  const token = caller && tokens.get(caller);
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

async function memChart(): Promise<TMemChart> {
  const response = await get('/api/memchart', 'admin');
  expect(response.statusCode, response.body).toBe(200);
  return ZMemChart.parse(response.json());
}

async function allChart(): Promise<TAllChart> {
  const response = await get('/api/allchart', 'admin');
  expect(response.statusCode, response.body).toBe(200);
  return ZAllChart.parse(response.json());
}

describe('who may see the charts (DESIGN §3c: staff, temporary admins included)', () => {
  it.each(['/api/memchart', '/api/allchart'])(
    '%s answers the global admin, the super user and the temporary admin',
    async (url) => {
      for (const caller of ['admin', 'super', 'temp'] as const)
        expect((await get(url, caller)).statusCode, caller).toBe(200);
    },
  );

  it.each(['/api/memchart', '/api/allchart'])(
    '%s refuses a member with 403 and nobody with 401',
    async (url) => {
      const asMember = await get(url, 'member');
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json().error.code).toBe('FORBIDDEN');
      const anonymous = await get(url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    },
  );
});

describe('GET /api/memchart', () => {
  it('counts members active on today (flag on, validity not past) and the others', async () => {
    const chart = await memChart();
    expect(chart.today).toBe('2026-11-22');
    expect(chart.totals).toEqual({ members: 8, active: 5, inactive: 3 });
  });

  it('counts members by plan, most first, with an active plan without members and members without a plan', async () => {
    const chart = await memChart();
    expect(chart.byPlan.map(({ prefix, active, inactive }) => [prefix, active, inactive])).toEqual([
      ['GM', 2, 2],
      ['LM', 2, 0],
      ['SR', 1, 0],
      [null, 0, 1],
      ['DA', 0, 0],
    ]);
    expect(chart.byPlan[0].membershipType).toBe('General Membership');
    // The retired plan is inactive and empty: not a bar worth drawing
    expect(chart.byPlan.some((row) => row.prefix === 'XX')).toBe(false);
  });

  it('counts new members per month in TIME_ZONE over the last 12 months, empty months as 0', async () => {
    const chart = await memChart();
    expect(chart.newMembers).toEqual([
      { month: '2025-12', count: 1 },
      { month: '2026-01', count: 1 },
      { month: '2026-02', count: 0 },
      { month: '2026-03', count: 2 },
      { month: '2026-04', count: 0 },
      { month: '2026-05', count: 1 },
      { month: '2026-06', count: 0 },
      { month: '2026-07', count: 0 },
      { month: '2026-08', count: 0 },
      { month: '2026-09', count: 0 },
      { month: '2026-10', count: 0 },
      { month: '2026-11', count: 2 },
    ]);
  });
});

describe('GET /api/allchart', () => {
  it('adds confirmed payments per month and kind in cents, net of refunds, in TIME_ZONE', async () => {
    const chart = await allChart();
    const months = Object.fromEntries(chart.moneyByMonth.map((row) => [row.month, row]));
    expect(chart.moneyByMonth.map((row) => row.month)).toHaveLength(12);
    // A renewal, and a registration made at 23:30 on Dec 31 in Chicago
    expect(months['2025-12']).toMatchObject({
      totalCents: 9000,
      byKind: { renewal: 8000, registration: 1000 },
    });
    expect(months['2026-01'].totalCents).toBe(15450);
    expect(months['2026-02']).toEqual({
      month: '2026-02',
      totalCents: 0,
      byKind: {
        registration: 0,
        renewal: 0,
        dependents: 0,
        'member-ticket': 0,
        'nonmember-ticket': 0,
        'table-for-10': 0,
        donation: 0,
      },
    });
    expect(months['2026-04'].byKind['member-ticket']).toBe(3000);
    expect(months['2026-10'].byKind['table-for-10']).toBe(12000);
    // $45 of tickets less $15 refunded; the pending renewal and the refunded payments count nothing
    expect(months['2026-11']).toEqual({
      month: '2026-11',
      totalCents: 13000,
      byKind: {
        registration: 0,
        renewal: 10000,
        dependents: 0,
        'member-ticket': 0,
        'nonmember-ticket': 3000,
        'table-for-10': 0,
        donation: 0,
      },
    });
  });

  it("answers this year's money in, from January 1st in TIME_ZONE", async () => {
    const chart = await allChart();
    expect(chart.yearToDate).toEqual({ year: 2026, totalCents: 15450 + 3000 + 12000 + 13000 });
  });

  it('counts seats of confirmed ticket payments per scheduled event, by date, refunded and pending left out', async () => {
    const chart = await allChart();
    expect(
      chart.ticketsByEvent.map(({ eventName, eventDate, capacity, seatsSold, upcoming }) => ({
        eventName,
        eventDate,
        capacity,
        seatsSold,
        upcoming,
      })),
    ).toEqual([
      {
        eventName: 'Spring Gala',
        eventDate: '2026-04-18',
        capacity: 200,
        seatsSold: 3,
        upcoming: false,
      },
      {
        eventName: 'Diwali Night',
        eventDate: '2026-12-05',
        capacity: 150,
        seatsSold: 13,
        upcoming: true,
      },
      {
        eventName: 'New Year Eve',
        eventDate: '2027-01-01',
        capacity: 80,
        seatsSold: 0,
        upcoming: true,
      },
    ]);
    expect(chart.upcoming).toEqual({ events: 2, seatsSold: 13 });
  });
});
