/**
 * The dashboard's figures (spec 02 §7.1 memchart / allchart), each counted by one GROUP BY in
 * the database; this file only fills the months nothing happened in with zeros.
 *
 * Money counts confirmed payments ('payment done') net of their partial refunds; a payment
 * refunded in full has the status 'refunded' and is left out. A payment falls in the month it
 * was started (`created_at` in TIME_ZONE), the rule the payment reports use, so a month here adds
 * up to the reports of that month.
 */
import { and, count, desc, eq, gte, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { CHECKOUT_KINDS, PAYMENT_STATUS_DONE, type TCheckoutKind } from '../../../domain/constants';
import {
  MAX_CHART_EVENTS,
  type TAllChart,
  type TMemChart,
  type TMoneyOfMonth,
} from '../../../domain/contracts/charts';
import type { TDbOrTx } from '../../db/client';
import { events, members, membershipPlans, payments, refunds, tickets } from '../../db/schema';
import { inForceCondition } from '../members/members.service';
import { chartMonths, windowStartOf } from './chart-months';

export interface TChartMoment {
  /** Today in TIME_ZONE, 'YYYY-MM-DD'. */
  today: string;
  timeZone: string;
}

/** Local midnight of a calendar day in the zone, as an instant PostgreSQL computes (DST included). */
function startOfDay(day: string, timeZone: string): SQL {
  return sql`(${day}::date::timestamp at time zone ${timeZone})`;
}

function monthOf(column: AnyColumn, timeZone: string): SQL<string> {
  return sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM')`;
}

export async function memberChart(db: TDbOrTx, moment: TChartMoment): Promise<TMemChart> {
  const months = chartMonths(moment.today);
  const inForce = inForceCondition(moment.today);

  // A full join keeps plans without members and members without a plan (planId null)
  const planRows = await db
    .select({
      planId: membershipPlans.id,
      prefix: membershipPlans.prefix,
      membershipType: membershipPlans.membershipType,
      active: sql<number>`count(${members.id}) filter (where ${inForce})`.mapWith(Number),
      total: count(members.id),
    })
    .from(members)
    .fullJoin(membershipPlans, eq(members.planId, membershipPlans.id))
    .groupBy(membershipPlans.id)
    .having(sql`count(${members.id}) > 0 or bool_or(${membershipPlans.isActive})`)
    .orderBy(desc(count(members.id)), membershipPlans.prefix);

  const joinedRows = await db
    .select({ month: monthOf(members.createdAt, moment.timeZone), count: count() })
    .from(members)
    .where(gte(members.createdAt, startOfDay(windowStartOf(months), moment.timeZone)))
    .groupBy(sql`1`);
  const joined = new Map(joinedRows.map((row) => [row.month, row.count]));

  const byPlan = planRows.map((row) => ({
    planId: row.planId,
    prefix: row.prefix,
    membershipType: row.membershipType,
    active: row.active,
    inactive: row.total - row.active,
  }));
  const active = byPlan.reduce((sum, row) => sum + row.active, 0);
  const inactive = byPlan.reduce((sum, row) => sum + row.inactive, 0);
  return {
    today: moment.today,
    totals: { members: active + inactive, active, inactive },
    byPlan,
    newMembers: months.map((month) => ({ month, count: joined.get(month) ?? 0 })),
  };
}

/** What each confirmed payment kept: its amount less what was refunded of it. */
function keptCents(refunded: SQL): SQL<number> {
  return sql<number>`coalesce(sum(${payments.amountCents} - coalesce(${refunded}, 0)), 0)::bigint`.mapWith(
    Number,
  );
}

function refundTotals(db: TDbOrTx) {
  return db
    .select({
      paymentId: refunds.paymentId,
      refunded: sql<number>`sum(${refunds.amountCents})`.as('refunded'),
    })
    .from(refunds)
    .groupBy(refunds.paymentId)
    .as('refund_totals');
}

export async function paymentChart(db: TDbOrTx, moment: TChartMoment): Promise<TAllChart> {
  const { timeZone, today } = moment;
  const months = chartMonths(today);
  const refunded = refundTotals(db);
  const confirmed = eq(payments.status, PAYMENT_STATUS_DONE);

  const moneyRows = await db
    .select({
      month: monthOf(payments.createdAt, timeZone),
      kind: payments.kind,
      cents: keptCents(sql`${refunded.refunded}`),
    })
    .from(payments)
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(and(confirmed, gte(payments.createdAt, startOfDay(windowStartOf(months), timeZone))))
    .groupBy(sql`1`, sql`2`);

  const year = Number(today.slice(0, 4));
  const [yearRow] = await db
    .select({ cents: keptCents(sql`${refunded.refunded}`) })
    .from(payments)
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(and(confirmed, gte(payments.createdAt, startOfDay(`${year}-01-01`, timeZone))));

  const seatsSold =
    sql<number>`coalesce(sum(${tickets.seats}) filter (where ${payments.status} = ${PAYMENT_STATUS_DONE}), 0)::int`.mapWith(
      Number,
    );
  const eventRows = await db
    .select({
      eventId: events.id,
      eventName: events.name,
      eventDate: events.eventDate,
      capacity: events.capacity,
      seatsSold,
    })
    .from(events)
    .leftJoin(tickets, eq(tickets.eventId, events.id))
    .leftJoin(payments, eq(payments.id, tickets.paymentId))
    .where(
      and(
        eq(events.status, 'scheduled'),
        isNull(events.deletedAt),
        gte(events.eventDate, windowStartOf(months)),
      ),
    )
    .groupBy(events.id)
    .orderBy(desc(events.eventDate), desc(events.id))
    .limit(MAX_CHART_EVENTS);

  const [upcomingRow] = await db
    .select({ events: sql<number>`count(distinct ${events.id})::int`.mapWith(Number), seatsSold })
    .from(events)
    .leftJoin(tickets, eq(tickets.eventId, events.id))
    .leftJoin(payments, eq(payments.id, tickets.paymentId))
    .where(
      and(eq(events.status, 'scheduled'), isNull(events.deletedAt), gte(events.eventDate, today)),
    );

  return {
    today,
    moneyByMonth: fillMonths(months, moneyRows),
    yearToDate: { year, totalCents: yearRow?.cents ?? 0 },
    ticketsByEvent: eventRows
      .map((row) => ({ ...row, upcoming: row.eventDate >= today }))
      .reverse(),
    upcoming: { events: upcomingRow?.events ?? 0, seatsSold: upcomingRow?.seatsSold ?? 0 },
  };
}

function fillMonths(
  months: readonly string[],
  rows: readonly { month: string; kind: TCheckoutKind; cents: number }[],
): TMoneyOfMonth[] {
  return months.map((month) => {
    const byKind = Object.fromEntries(CHECKOUT_KINDS.map((kind) => [kind, 0])) as Record<
      TCheckoutKind,
      number
    >;
    for (const row of rows) if (row.month === month) byKind[row.kind] += row.cents;
    const totalCents = CHECKOUT_KINDS.reduce((sum, kind) => sum + byKind[kind], 0);
    return { month, totalCents, byKind };
  });
}
