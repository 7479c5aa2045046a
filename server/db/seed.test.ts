import { asc, eq, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_KINDS, LEADERSHIP_ROLES, PAYMENT_STATUS_DONE } from '../../domain/constants';
import { priceMembership, priceTable, priceTickets } from '../../domain/pricing';
import { checkZipInState } from '../../domain/zip-prefixes';
import { TestClock } from '../lib/clock';
import { migrateDatabase, openPglite, type TDatabase } from './client';
import * as schema from './schema';
import {
  adminAccounts,
  auditLogs,
  boardMembers,
  events,
  familyMembers,
  familyPlanSequences,
  members,
  membershipPlans,
  nonMemberBuyers,
  payments,
  tickets,
} from './schema';
import { seedDemo } from './seed';
import { createSeedContext } from './seed/context';
import { DEMO_PASSWORD_HASH } from './seed/demo-password';
import { buildFamilies } from './seed/families';
import { People } from './seed/people';

// 09:00 in Chicago on a Sunday; "today" there is 2026-11-22
const NOW = '2026-11-22T15:00:00Z';
const TODAY = '2026-11-22';
const TIME_ZONE = 'America/Chicago';
const options = { clock: new TestClock(NOW), timeZone: TIME_ZONE, eventPrefix: 'Gala' };
const YEAR_MS = 365 * 86_400_000;

let database: TDatabase;
let firstRun: { seeded: boolean };

beforeAll(async () => {
  database = await openPglite({});
  await migrateDatabase(database);
  firstRun = await seedDemo(database.db, options);
});

afterAll(async () => {
  await database.close();
});

async function countRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(schema)) {
    if (!is(table, PgTable)) continue;
    const [{ n }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    counts[name] = n;
  }
  return counts;
}

describe('the demo seed', () => {
  it('fills an empty database', () => {
    expect(firstRun).toEqual({ seeded: true });
  });

  it('creates the four demo accounts, all sharing the precomputed hash of samaj-demo', async () => {
    const accounts = await database.db
      .select()
      .from(adminAccounts)
      .orderBy(asc(adminAccounts.email));
    expect(accounts.map((a) => [a.email, a.kind, a.isStaff])).toEqual([
      ['admin@example.org', 'ga', false],
      ['super@example.org', 'su', false],
      ['temp@example.org', 'ga', true],
    ]);
    const temp = accounts[2];
    expect([temp.validityFrom, temp.validityTo]).toEqual(['2026-10-23', '2026-12-22']);
    const [tempBoard] = await database.db
      .select()
      .from(boardMembers)
      .where(eq(boardMembers.adminAccountId, temp.id));
    expect(tempBoard.memberBoardType).toBe('Temp Admin');

    const [member] = await database.db
      .select()
      .from(members)
      .where(eq(members.email, 'member@example.org'));
    expect(member.isActive).toBe(true);
    expect(member.familyPlanId).toMatch(/^GM\d{4}$/);
    expect(member.validityTo! >= TODAY).toBe(true);
    const family = await database.db
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.memberId, member.id))
      .orderBy(asc(familyMembers.slot));
    expect(family.map((f) => [f.relation, f.slot])).toEqual([
      ['spouse', 0],
      ['dependent', 1],
      ['dependent', 2],
    ]);

    const hashes = new Set([
      ...accounts.map((a) => a.passwordHash),
      ...(await database.db.select({ h: members.passwordHash }).from(members)).map((m) => m.h),
    ]);
    expect([...hashes]).toEqual([DEMO_PASSWORD_HASH]);
  });

  it('creates about 60 families in Texas with spouses, up to 6 dependents and plan ids from the sequences', async () => {
    const rows = await database.db
      .select({ member: members, prefix: membershipPlans.prefix })
      .from(members)
      .innerJoin(membershipPlans, eq(members.planId, membershipPlans.id));
    expect(rows.length).toBeGreaterThanOrEqual(55);
    expect(rows.length).toBeLessThanOrEqual(65);
    for (const { member, prefix } of rows) {
      expect(member.familyPlanId?.startsWith(prefix)).toBe(true);
      expect(checkZipInState(member.zipcode, member.state)).toEqual({ valid: true });
      expect(member.contactPhone).toMatch(/^\d{10}$/);
    }
    const sequences = await database.db.select().from(familyPlanSequences);
    for (const { prefix, lastValue } of sequences) {
      const numbers = rows
        .filter((row) => row.prefix === prefix)
        .map((row) => Number(row.member.familyPlanId?.slice(prefix.length)));
      expect(Math.max(0, ...numbers)).toBe(lastValue);
      expect(new Set(numbers).size).toBe(numbers.length);
    }
    const seeded = rows.map((row) => row.member);
    expect(seeded.some((m) => !m.isActive)).toBe(true);
    expect(seeded.some((m) => m.isActive && m.validityTo !== null && m.validityTo < TODAY)).toBe(
      true,
    );
    expect(seeded.some((m) => m.giftReceived === 'received')).toBe(true);
    expect(seeded.some((m) => m.notes !== '')).toBe(true);

    const relatives = await database.db.select().from(familyMembers);
    expect(relatives.filter((r) => r.relation === 'spouse').length).toBeGreaterThan(30);
    const dependentsPerFamily = new Map<number, number>();
    for (const r of relatives.filter((r) => r.relation === 'dependent')) {
      dependentsPerFamily.set(r.memberId, (dependentsPerFamily.get(r.memberId) ?? 0) + 1);
    }
    for (const member of seeded) {
      expect(dependentsPerFamily.get(member.id) ?? 0).toBeLessThanOrEqual(member.dependentsPaid);
    }
    expect(Math.max(...dependentsPerFamily.values())).toBeGreaterThanOrEqual(4);
  });

  it('creates the plans, including the magazine plan and an inactive one', async () => {
    const plans = await database.db.select().from(membershipPlans);
    const magazine = plans.find((p) => p.prefix === 'DA');
    expect(magazine).toMatchObject({ planFeeCents: 1500, planType: '15.00' });
    expect(plans.some((p) => !p.isActive)).toBe(true);
    expect(plans.some((p) => p.validityType === 'Unlimited')).toBe(true);
    const family = plans.find((p) => p.prefix === 'GM');
    expect(family).toMatchObject({
      haveSpouse: true,
      maxDependent: 6,
      validityFrom: '2026-01-01',
      validityTo: '2026-12-31',
    });
  });

  it('creates the nine officers of the Leadership page, linked to members', async () => {
    const officers = await database.db
      .select()
      .from(boardMembers)
      .where(sql`${boardMembers.leadershipOrder} is not null`)
      .orderBy(asc(boardMembers.leadershipOrder));
    expect(officers.map((o) => o.leadershipRole)).toEqual([
      ...LEADERSHIP_ROLES,
      'Executive Committee',
      null,
    ]);
    expect(officers.map((o) => o.leadershipOrder)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(officers.every((o) => o.memberId !== null)).toBe(true);
    expect(new Set(officers.map((o) => o.memberBoardType))).toEqual(
      new Set(['Excecutive Member', 'Trustee']),
    );
  });

  it('creates past events, one today (the current event) and upcoming ones', async () => {
    const all = await database.db.select().from(events);
    expect(all.filter((e) => e.eventDate < TODAY).length).toBeGreaterThanOrEqual(4);
    expect(all.filter((e) => e.eventDate === TODAY).length).toBeGreaterThanOrEqual(1);
    expect(all.filter((e) => e.eventDate > TODAY).length).toBeGreaterThanOrEqual(3);
    for (const e of all) {
      expect(e.memberPriceCents).toBeLessThanOrEqual(e.nonMemberPriceCents);
      expect(e.capacity).toBeGreaterThan(0);
    }
  });

  it('records paid payments of every kind, donations included, over the last 12 months', async () => {
    const all = await database.db.select().from(payments);
    expect(all.length).toBeGreaterThanOrEqual(200);
    expect(new Set(all.map((p) => p.kind))).toEqual(new Set(CHECKOUT_KINDS));
    const now = Date.parse(NOW);
    for (const p of all) {
      expect(p.status).toBe(PAYMENT_STATUS_DONE);
      expect(p.provider).toBe('mock');
      expect(p.transactionId).toMatch(/^txn_[a-z2-7]{24}$/);
      expect(p.createdAt.getTime()).toBeLessThanOrEqual(now);
      expect(p.createdAt.getTime()).toBeGreaterThan(now - YEAR_MS);
      expect(p.confirmedAt!.getTime()).toBeGreaterThan(p.createdAt.getTime());
    }
    const months = new Set(all.map((p) => p.createdAt.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(10);
  });

  it('stores the spec’s values on ticket payments, priced from the event', async () => {
    const rows = await database.db
      .select({ payment: payments, event: events })
      .from(payments)
      .innerJoin(events, eq(payments.eventId, events.id));
    for (const { payment, event } of rows) {
      expect(payment.paymentType).toBe('Event');
      expect(payment.eventDate).toBe(event.eventDate);
      if (payment.kind === 'member-ticket') {
        expect(payment.productName).toBe('Gala Event Members Ticket');
        expect(payment.description).toBe(String(event.id));
        expect(payment.amountCents).toBe(
          priceTickets(event.memberPriceCents, payment.dependent).totalCents,
        );
      } else if (payment.kind === 'nonmember-ticket') {
        expect(payment.productName).toBe('Gala Event Non Member Tickets');
        expect(payment.description).toBe('payment');
        expect(payment.nonMemberId).not.toBeNull();
        expect(payment.amountCents).toBe(
          priceTickets(event.nonMemberPriceCents, payment.dependent).totalCents,
        );
      } else {
        expect(payment.productName).toBe('Gala Event TableFor10 Tickets');
        expect(payment.dependent).toBe(10);
        expect(payment.notes).toMatch(
          /^Adult \d+ ticket\(s\), Kids \(Under 5 years\): \d+ ticket\(s\), Kids \(6 to 13 years\): \d+ ticket\(s\)$/,
        );
        expect(payment.amountCents).toBe(priceTable(event.tablePriceCents).totalCents);
      }
    }
  });

  it('stores the spec’s values on membership payments, priced from the plan', async () => {
    const rows = await database.db
      .select({ payment: payments, plan: membershipPlans })
      .from(payments)
      .innerJoin(membershipPlans, eq(payments.planId, membershipPlans.id));
    const descriptions = {
      registration: 'initial payment',
      renewal: 'renew payment',
      dependents: 'dependent payment',
    };
    for (const { payment, plan } of rows) {
      expect(payment.paymentType).toBe('Member');
      expect(payment.productName).toBe(plan.membershipType);
      expect(payment.description).toBe(descriptions[payment.kind as keyof typeof descriptions]);
      if (payment.kind !== 'dependents') {
        const price = priceMembership(
          {
            planFeeCents: plan.planFeeCents,
            dependentFeeCents: plan.dependentFeeCents,
            serviceChargePercent: plan.serviceChargePercent,
          },
          payment.dependent,
        );
        expect([payment.amountCents, payment.serviceCents]).toEqual([
          price.totalCents,
          price.serviceCents,
        ]);
      }
    }
  });

  it('issues one ticket per ticket payment, with unique door codes, and never oversells', async () => {
    const ticketPayments = await database.db
      .select()
      .from(payments)
      .where(sql`${payments.eventId} is not null`);
    const issued = await database.db.select().from(tickets);
    expect(issued.length).toBe(ticketPayments.length);
    expect(new Set(issued.map((t) => t.code)).size).toBe(issued.length);
    const seats = await database.db
      .select({
        capacity: events.capacity,
        sold: sql<number>`coalesce(sum(${tickets.seats}), 0)::int`,
      })
      .from(events)
      .leftJoin(tickets, eq(tickets.eventId, events.id))
      .groupBy(events.id);
    for (const { capacity, sold } of seats) expect(sold).toBeLessThan(capacity);
    const buyers = await database.db.select().from(nonMemberBuyers);
    expect(buyers.length).toBe(issued.filter((t) => t.nonMemberId !== null).length);
  });

  it('leaves the demo member 2 member tickets to buy for today’s event', async () => {
    const [member] = await database.db
      .select()
      .from(members)
      .where(eq(members.email, 'member@example.org'));
    const [today] = await database.db.select().from(events).where(eq(events.eventDate, TODAY));
    const [{ sold }] = await database.db
      .select({ sold: sql<number>`coalesce(sum(${tickets.seats}), 0)::int` })
      .from(tickets)
      .where(sql`${tickets.memberId} = ${member.id} and ${tickets.eventId} = ${today.id}`);
    expect(sold).toBe(2);
  });

  it('writes a few dozen audit log entries over the last days', async () => {
    const logs = await database.db.select().from(auditLogs);
    expect(logs.length).toBeGreaterThanOrEqual(24);
    const now = Date.parse(NOW);
    for (const log of logs) {
      expect(log.createdAt.getTime()).toBeLessThanOrEqual(now);
      expect(log.createdAt.getTime()).toBeGreaterThan(now - 15 * 86_400_000);
    }
    expect(logs.some((log) => log.loggerMessage === 'Signed in')).toBe(true);
  });

  it('does nothing on a second start: { seeded: false } and not one row changed', async () => {
    const before = await countRows();
    // Every table of the database is counted, however many later migrations add
    const result = (await database.db.execute(
      sql`select count(*)::int as tables from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: { tables: number }[] };
    const tables = result.rows[0].tables;
    expect(Object.keys(before).length).toBe(tables);
    expect(await seedDemo(database.db, options)).toEqual({ seeded: false });
    expect(await countRows()).toEqual(before);
  });

  it('is deterministic for a given clock', () => {
    const build = () => {
      const ctx = createSeedContext(options);
      return buildFamilies(ctx, new People(ctx), DEMO_PASSWORD_HASH);
    };
    expect(build()).toEqual(build());
  });
});
