/**
 * The dashboard tests' fixture: a database holding only the demo accounts and a small, known
 * association, so every figure the charts answer can be written down. Test-only.
 *
 * Today is 2026-11-22 in Chicago (the test clock), so the window is 2025-12 .. 2026-11.
 */
import type { TCheckoutKind } from '../../../domain/constants';
import type { TDatabase } from '../../db/client';
import {
  adminAccounts,
  boardMembers,
  events,
  members,
  membershipPlans,
  payments,
  refunds,
  tickets,
  type TNewMemberRow,
} from '../../db/schema';
import { createSeedContext } from '../../db/seed/context';
import { DEMO_PASSWORD_HASH } from '../../db/seed/demo-password';
import { DEMO_MEMBER_EMAIL } from '../../db/seed/families';
import { buildAdminAccounts, buildTempAdminBoardMember } from '../../db/seed/staff';
import type { TestClock } from '../../lib/clock';
import type { TConfig } from '../../config';

export const FIXTURE_NOW = '2026-11-22T15:00:00Z';

async function insertAccounts(database: TDatabase, clock: TestClock, config: TConfig) {
  const ctx = createSeedContext({
    clock,
    timeZone: config.timeZone,
    eventPrefix: config.eventPrefix,
  });
  const accounts = await database.db
    .insert(adminAccounts)
    .values(buildAdminAccounts(ctx, DEMO_PASSWORD_HASH))
    .returning();
  const temp = accounts.find((account) => account.isStaff);
  if (!temp) throw new Error('fixture: no temporary admin');
  await database.db.insert(boardMembers).values(buildTempAdminBoardMember(temp));
}

async function insertPlans(database: TDatabase) {
  const plan = (prefix: string, membershipType: string, isActive = true) => ({
    prefix,
    membershipType,
    planFeeCents: 10000,
    maxDependent: 4,
    validityType: 'Limited' as const,
    isActive,
  });
  const rows = await database.db
    .insert(membershipPlans)
    .values([
      plan('GM', 'General Membership'),
      plan('LM', 'Life Membership'),
      plan('SR', 'Senior Membership', false),
      plan('XX', 'Retired plan', false),
      plan('DA', 'Magazine'),
    ])
    .returning();
  return Object.fromEntries(rows.map((row) => [row.prefix, row.id]));
}

async function insertMembers(database: TDatabase, plans: Record<string, number>) {
  let n = 0;
  const member = (
    planId: number | null,
    createdAt: string,
    state: Pick<TNewMemberRow, 'isActive' | 'validityTo'>,
    email?: string,
  ): TNewMemberRow => {
    n += 1;
    return {
      planId,
      firstName: `First${n}`,
      lastName: `Last${n}`,
      email: email ?? `chart.member${n}@example.net`,
      passwordHash: DEMO_PASSWORD_HASH,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
      ...state,
    };
  };
  const rows = await database.db
    .insert(members)
    .values([
      // GM: two in force, one whose validity ended yesterday, one switched off (joined before the window)
      member(
        plans.GM,
        '2026-11-05T12:00:00Z',
        { isActive: true, validityTo: '2026-12-31' },
        DEMO_MEMBER_EMAIL,
      ),
      member(plans.GM, '2026-01-15T12:00:00Z', { isActive: true, validityTo: '2026-12-31' }),
      // Dec 1, 00:00 in Chicago: December, not November
      member(plans.GM, '2025-12-01T06:00:00Z', { isActive: true, validityTo: '2026-11-21' }),
      member(plans.GM, '2025-11-30T12:00:00Z', { isActive: false, validityTo: '2026-12-31' }),
      // LM: open-ended, and one whose validity ends today (still in force)
      member(plans.LM, '2026-03-10T12:00:00Z', { isActive: true, validityTo: null }),
      member(plans.LM, '2026-03-20T12:00:00Z', { isActive: true, validityTo: '2026-11-22' }),
      // May 31, 23:59 in Chicago: May, not June
      member(plans.SR, '2026-06-01T04:59:00Z', { isActive: true, validityTo: '2026-12-31' }),
      // No plan at all
      member(null, '2026-11-01T10:00:00Z', { isActive: false, validityTo: null }),
    ])
    .returning({ id: members.id, email: members.email });
  return rows;
}

async function insertEvents(database: TDatabase) {
  const event = (name: string, eventDate: string, capacity: number, status = 'scheduled') => ({
    name,
    eventDate,
    eventTime: '18:00',
    memberPriceCents: 1000,
    nonMemberPriceCents: 1500,
    tablePriceCents: 12000,
    capacity,
    status: status as 'scheduled' | 'cancelled',
  });
  const rows = await database.db
    .insert(events)
    .values([
      event('Spring Gala', '2026-04-18', 200),
      event('Diwali Night', '2026-12-05', 150),
      event('New Year Eve', '2027-01-01', 80),
      event('Cancelled Picnic', '2026-12-10', 50, 'cancelled'),
      event('Old Fair', '2025-10-01', 100),
    ])
    .returning();
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

let sequence = 0;
async function pay(
  database: TDatabase,
  fields: {
    kind: TCheckoutKind;
    status: 'payment done' | 'pending' | 'refunded';
    amountCents: number;
    createdAt: string;
    eventId?: number;
    seats?: number;
    refundedCents?: number;
  },
) {
  sequence += 1;
  const ticketKind = ['member-ticket', 'nonmember-ticket', 'table-for-10'].includes(fields.kind);
  const [row] = await database.db
    .insert(payments)
    .values({
      transactionId: `txn_chart_${String(sequence).padStart(4, '0')}`.padEnd(28, 'x'),
      kind: fields.kind,
      status: fields.status,
      provider: 'mock',
      email: `buyer${sequence}@example.net`,
      eventId: fields.eventId,
      productName: ticketKind ? 'Gala Event Tickets' : 'General Membership',
      paymentType: ticketKind ? 'Event' : 'Member',
      dependent: fields.seats ?? 0,
      amountCents: fields.amountCents,
      createdAt: new Date(fields.createdAt),
      updatedAt: new Date(fields.createdAt),
    })
    .returning();
  if (ticketKind && fields.seats && fields.status !== 'pending' && fields.eventId) {
    await database.db.insert(tickets).values({
      paymentId: row.id,
      eventId: fields.eventId,
      code: `CHART${sequence}`,
      kind: fields.kind as 'member-ticket',
      seats: fields.seats,
    });
  }
  if (fields.refundedCents) {
    await database.db.insert(refunds).values({
      paymentId: row.id,
      amountCents: fields.refundedCents,
      reason: 'test refund',
    });
  }
}

/**
 * The known association. The expected figures are written out in charts.test.ts beside each
 * case; the comments here say which rule each row is for.
 */
export async function seedChartFixture(database: TDatabase, clock: TestClock, config: TConfig) {
  await insertAccounts(database, clock, config);
  const plans = await insertPlans(database);
  await insertMembers(database, plans);
  const ids = await insertEvents(database);
  const done = 'payment done' as const;
  // 2025-12: a renewal, and a registration at 23:30 on Dec 31 in Chicago (already 2026 in UTC)
  await pay(database, {
    kind: 'renewal',
    status: done,
    amountCents: 8000,
    createdAt: '2025-12-31T12:00:00Z',
  });
  await pay(database, {
    kind: 'registration',
    status: done,
    amountCents: 1000,
    createdAt: '2026-01-01T05:30:00Z',
  });
  // Before the window: in no month and not this year
  await pay(database, {
    kind: 'registration',
    status: done,
    amountCents: 20000,
    createdAt: '2025-11-30T12:00:00Z',
  });
  // 2026-01
  await pay(database, {
    kind: 'registration',
    status: done,
    amountCents: 15450,
    createdAt: '2026-01-15T12:00:00Z',
  });
  // 2026-04: 3 seats for the Spring Gala
  await pay(database, {
    kind: 'member-ticket',
    status: done,
    amountCents: 3000,
    createdAt: '2026-04-01T12:00:00Z',
    eventId: ids['Spring Gala'],
    seats: 3,
  });
  // 2026-10: a table for Diwali Night
  await pay(database, {
    kind: 'table-for-10',
    status: done,
    amountCents: 12000,
    createdAt: '2026-10-20T12:00:00Z',
    eventId: ids['Diwali Night'],
    seats: 10,
  });
  // 2026-11: a renewal; 3 non-member seats of which $15 were refunded; then what never counts
  await pay(database, {
    kind: 'renewal',
    status: done,
    amountCents: 10000,
    createdAt: '2026-11-05T12:00:00Z',
  });
  await pay(database, {
    kind: 'nonmember-ticket',
    status: done,
    amountCents: 4500,
    createdAt: '2026-11-10T12:00:00Z',
    eventId: ids['Diwali Night'],
    seats: 3,
    refundedCents: 1500,
  });
  await pay(database, {
    kind: 'renewal',
    status: 'pending',
    amountCents: 99999,
    createdAt: '2026-11-12T12:00:00Z',
  });
  await pay(database, {
    kind: 'dependents',
    status: 'refunded',
    amountCents: 5000,
    createdAt: '2026-11-13T12:00:00Z',
    refundedCents: 5000,
  });
  await pay(database, {
    kind: 'nonmember-ticket',
    status: 'refunded',
    amountCents: 1500,
    createdAt: '2026-11-14T12:00:00Z',
    eventId: ids['Diwali Night'],
    seats: 1,
    refundedCents: 1500,
  });
  await pay(database, {
    kind: 'member-ticket',
    status: 'pending',
    amountCents: 2000,
    createdAt: '2026-11-15T12:00:00Z',
    eventId: ids['Diwali Night'],
    seats: 2,
  });
  // A cancelled event's sale and an event before the window: neither is on the chart
  await pay(database, {
    kind: 'nonmember-ticket',
    status: 'refunded',
    amountCents: 1500,
    createdAt: '2026-11-16T12:00:00Z',
    eventId: ids['Cancelled Picnic'],
    seats: 1,
    refundedCents: 1500,
  });
}
