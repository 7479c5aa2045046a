import fs from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrateDatabase, openPglite, type TDatabase } from './client';
import * as schema from './schema';
import {
  adminAccounts,
  auditLogs,
  boardMembers,
  events,
  familyMembers,
  memberSearchText,
  members,
  membershipPlans,
  payments,
  tickets,
  type TNewEventRow,
  type TNewMemberRow,
  type TNewMembershipPlanRow,
  type TNewPaymentRow,
} from './schema';

const TABLES = [
  'admin_accounts',
  'audit_logs',
  'board_members',
  'contact_messages',
  'download_links',
  'events',
  'family_members',
  'family_plan_sequences',
  'health_probe',
  'household_accounts',
  'images',
  'mail_outbox',
  'member_roll_version',
  'members',
  'membership_plans',
  'non_member_buyers',
  'password_reset_tokens',
  'payment_events',
  'payments',
  'rate_limits',
  'refunds',
  'renewal_reminders',
  'scheduled_runs',
  'sessions',
  'tickets',
  'waitlist_entries',
];

let database: TDatabase;
let sequence = 0;
/** Values that must be unique get a fresh number per row. */
const next = () => ++sequence;

function plan(overrides: Partial<TNewMembershipPlanRow> = {}): TNewMembershipPlanRow {
  return {
    membershipType: 'Family Membership',
    prefix: `P${next()}`,
    planFeeCents: 10000,
    dependentFeeCents: 2500,
    maxDependent: 6,
    serviceChargePercent: 3,
    validityType: 'Limited',
    ...overrides,
  };
}

function member(overrides: Partial<TNewMemberRow> = {}): TNewMemberRow {
  return {
    firstName: 'Hetal',
    lastName: 'Shah',
    email: `hetal${next()}@example.com`,
    passwordHash: 'hash',
    contactPhone: '7135550101',
    state: 'TX',
    zipcode: '77036',
    ...overrides,
  };
}

function event(overrides: Partial<TNewEventRow> = {}): TNewEventRow {
  return {
    name: 'Diwali Gala',
    eventDate: '2026-11-01',
    eventTime: '18:30',
    memberPriceCents: 3500,
    nonMemberPriceCents: 5000,
    tablePriceCents: 45000,
    capacity: 450,
    ...overrides,
  };
}

function payment(overrides: Partial<TNewPaymentRow> = {}): TNewPaymentRow {
  return {
    transactionId: `txn_test${next()}`,
    kind: 'renewal',
    provider: 'mock',
    email: 'hetal@example.com',
    productName: 'Family Membership',
    description: 'renew payment',
    paymentType: 'Member',
    amountCents: 15450,
    ...overrides,
  };
}

/** Both drivers answer a raw statement with `{ rows }`; their shared type leaves it unknown. */
async function rawRows<T>(statement: SQL): Promise<T[]> {
  const result = (await database.db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** The name of the constraint a failed statement broke (drizzle wraps the driver's error). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string } }).cause;
    return cause?.constraint ?? `not a constraint error: ${(error as Error).message}`;
  }
  return 'accepted';
}

beforeAll(async () => {
  database = await openPglite({});
  await migrateDatabase(database);
});

afterAll(async () => {
  await database.close();
});

describe('the migrations', () => {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: Array<{ idx: number; tag: string }> };

  it('are generated in order, starting from the initial one', () => {
    const tags = journal.entries.map((entry) => entry.tag);
    expect(tags[0]).toBe('0000_init');
    tags.forEach((tag, index) => {
      expect(tag.startsWith(String(index).padStart(4, '0'))).toBe(true);
      expect(fs.existsSync(path.join(MIGRATIONS_DIR, `${tag}.sql`))).toBe(true);
    });
  });

  it('match schema.ts: generating again would produce no statement', async () => {
    const last = journal.entries[journal.entries.length - 1];
    const snapshot = JSON.parse(
      fs.readFileSync(
        path.join(MIGRATIONS_DIR, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`),
        'utf8',
      ),
    );
    const current = generateDrizzleJson(schema, snapshot.id);
    expect(await generateMigration(snapshot, current)).toEqual([]);
  });

  it('create every table of the data model', async () => {
    const rows = await rawRows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual(TABLES);
  });

  it('can run twice: a restart finds nothing left to do', async () => {
    await expect(migrateDatabase(database)).resolves.toBeUndefined();
  });
});

describe('the search indexes', () => {
  async function queryPlan(query: string): Promise<string> {
    // With sequential scans priced out, the plan shows whether the index can serve the query at all
    await database.db.execute(sql`set enable_seqscan = off`);
    try {
      const rows = await rawRows<{ 'QUERY PLAN': string }>(sql.raw(`explain ${query}`));
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await database.db.execute(sql`set enable_seqscan = on`);
    }
  }

  it('serves the member search (FamilyID, name, e-mail, street) from the trigram index', async () => {
    const query = database.db
      .select({ id: members.id })
      .from(members)
      .where(sql`${memberSearchText(members)} like ${'%patel%'}`)
      .toSQL();
    expect(await queryPlan(query.sql.replace('$1', `'%patel%'`))).toContain(
      'members_search_text_trgm_idx',
    );
  });

  it('serves the audit-log filter from the trigram index', async () => {
    const query = database.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(sql`${auditLogs.searchText} like ${'%signed in%'}`)
      .toSQL();
    expect(await queryPlan(query.sql.replace('$1', `'%signed in%'`))).toContain(
      'audit_logs_search_trgm_idx',
    );
  });

  it('pages the audit log newest first from the keyset index', async () => {
    expect(
      await queryPlan('select id from audit_logs order by created_at desc, id desc limit 10'),
    ).toContain('audit_logs_created_at_id_idx');
  });

  it.each([
    ['user', 'audit_logs_user_id_idx'],
    ['email', 'audit_logs_email_id_idx'],
    ['user_type', 'audit_logs_user_type_id_idx'],
    ['ip_address', 'audit_logs_ip_address_id_idx'],
    ['method_type', 'audit_logs_method_type_id_idx'],
    ['logger_message', 'audit_logs_logger_message_id_idx'],
  ])('sorts the audit log by %s from its index, both ways', async (column, index) => {
    for (const direction of ['asc', 'desc']) {
      expect(
        await queryPlan(
          `select id from audit_logs order by "${column}" ${direction}, id ${direction} limit 10`,
        ),
      ).toContain(index);
    }
  });
});

describe('the constraints', () => {
  it('accept a well-formed family, event and payment', async () => {
    const [{ id: planId }] = await database.db.insert(membershipPlans).values(plan()).returning();
    const [{ id: memberId }] = await database.db
      .insert(members)
      .values(member({ planId }))
      .returning();
    await database.db.insert(familyMembers).values([
      { memberId, relation: 'spouse', slot: 0, firstName: 'Nirav', lastName: 'Shah' },
      ...[1, 2, 3, 4, 5, 6].map((slot) => ({
        memberId,
        relation: 'dependent' as const,
        slot,
        firstName: `Child ${slot}`,
      })),
    ]);
    const [{ id: eventId }] = await database.db.insert(events).values(event()).returning();
    const [saved] = await database.db
      .insert(payments)
      .values(payment({ kind: 'member-ticket', paymentType: 'Event', eventId, memberId }))
      .returning();
    expect(saved.status).toBe('pending');
    expect(saved.details).toEqual({});
  });

  it('keep the service charge percentage a number', async () => {
    const [saved] = await database.db
      .insert(membershipPlans)
      .values(plan({ serviceChargePercent: 2.75 }))
      .returning();
    expect(saved.serviceChargePercent).toBe(2.75);
  });

  it('refuse a second payment with the same transaction id', async () => {
    const transactionId = `txn_duplicate${next()}`;
    await database.db.insert(payments).values(payment({ transactionId }));
    expect(await refusal(database.db.insert(payments).values(payment({ transactionId })))).toBe(
      'payments_transaction_id_unique',
    );
  });

  it('refuse a member e-mail that differs from another only in case', async () => {
    await database.db.insert(members).values(member({ email: 'Priya.Desai@example.com' }));
    expect(
      await refusal(
        database.db.insert(members).values(member({ email: 'priya.desai@EXAMPLE.com' })),
      ),
    ).toBe('members_email_lower_key');
  });

  it('refuse an admin e-mail that differs from another only in case', async () => {
    const account = { passwordHash: 'hash', firstName: 'Harish', kind: 'ga' as const };
    await database.db.insert(adminAccounts).values({ ...account, email: 'office@example.org' });
    expect(
      await refusal(
        database.db.insert(adminAccounts).values({ ...account, email: 'OFFICE@example.org' }),
      ),
    ).toBe('admin_accounts_email_lower_key');
  });

  it('refuse a seventh dependent slot, a spouse in a dependent slot and a second spouse', async () => {
    const [{ id: memberId }] = await database.db.insert(members).values(member()).returning();
    const row = { memberId, firstName: 'Krish' };
    expect(
      await refusal(
        database.db.insert(familyMembers).values({ ...row, relation: 'dependent', slot: 7 }),
      ),
    ).toBe('family_members_slot_check');
    expect(
      await refusal(
        database.db.insert(familyMembers).values({ ...row, relation: 'spouse', slot: 1 }),
      ),
    ).toBe('family_members_slot_check');
    await database.db.insert(familyMembers).values({ ...row, relation: 'spouse', slot: 0 });
    expect(
      await refusal(
        database.db.insert(familyMembers).values({ ...row, relation: 'spouse', slot: 0 }),
      ),
    ).toBe('family_members_member_slot_key');
  });

  it('refuse negative prices and amounts', async () => {
    expect(await refusal(database.db.insert(events).values(event({ memberPriceCents: -1 })))).toBe(
      'events_member_price_check',
    );
    expect(await refusal(database.db.insert(events).values(event({ tablePriceCents: -100 })))).toBe(
      'events_table_price_check',
    );
    expect(
      await refusal(database.db.insert(membershipPlans).values(plan({ planFeeCents: -1 }))),
    ).toBe('membership_plans_plan_fee_check');
    expect(await refusal(database.db.insert(payments).values(payment({ amountCents: -1 })))).toBe(
      'payments_amount_check',
    );
  });

  it('refuse a plan allowing 7 dependents or none', async () => {
    expect(
      await refusal(database.db.insert(membershipPlans).values(plan({ maxDependent: 7 }))),
    ).toBe('membership_plans_max_dependent_check');
    expect(
      await refusal(database.db.insert(membershipPlans).values(plan({ maxDependent: 0 }))),
    ).toBe('membership_plans_max_dependent_check');
    expect(
      await refusal(database.db.insert(membershipPlans).values(plan({ maxDependent: 1 }))),
    ).toBe('accepted');
  });

  it('refuse values outside the lists the spec names', async () => {
    expect(
      await refusal(
        database.db.insert(boardMembers).values({
          firstName: 'Amit',
          email: 'amit@example.com',
          // The stored value keeps the association's own spelling, 'Excecutive Member'
          memberBoardType: 'Executive Member' as never,
        }),
      ),
    ).toBe('board_members_type_check');
    expect(
      await refusal(database.db.insert(members).values(member({ giftReceived: 'yes' as never }))),
    ).toBe('members_gift_received_check');
    expect(
      await refusal(database.db.insert(payments).values(payment({ status: 'paid' as never }))),
    ).toBe('payments_status_check');
  });

  it('refuse a phone, state or zip code not stored in its plain form', async () => {
    expect(
      await refusal(database.db.insert(members).values(member({ contactPhone: '(713) 555-0101' }))),
    ).toBe('members_contact_phone_check');
    expect(await refusal(database.db.insert(members).values(member({ state: 'Texas' })))).toBe(
      'members_state_check',
    );
    expect(await refusal(database.db.insert(members).values(member({ zipcode: '7703' })))).toBe(
      'members_zipcode_check',
    );
  });

  it('refuse more than 6 paid dependents on a membership', async () => {
    expect(await refusal(database.db.insert(members).values(member({ dependentsPaid: 7 })))).toBe(
      'members_dependents_paid_check',
    );
  });

  it('refuse a ticket payment without its event, and a ticket without seats', async () => {
    expect(
      await refusal(
        database.db
          .insert(payments)
          .values(payment({ kind: 'nonmember-ticket', paymentType: 'Event' })),
      ),
    ).toBe('payments_ticket_event_check');
    const [{ id: eventId }] = await database.db.insert(events).values(event()).returning();
    const [{ id: paymentId }] = await database.db
      .insert(payments)
      .values(payment({ kind: 'nonmember-ticket', paymentType: 'Event', eventId }))
      .returning();
    expect(
      await refusal(
        database.db.insert(tickets).values({
          paymentId,
          eventId,
          code: `CODE-${next()}`,
          kind: 'nonmember-ticket',
          seats: 0,
        }),
      ),
    ).toBe('tickets_seats_check');
  });

  it('refuse an event time that is not HH:mm', async () => {
    expect(await refusal(database.db.insert(events).values(event({ eventTime: '6:30 PM' })))).toBe(
      'events_event_time_check',
    );
  });

  it('remove a deleted member’s family but keep the member’s payments', async () => {
    const [{ id: memberId }] = await database.db.insert(members).values(member()).returning();
    await database.db
      .insert(familyMembers)
      .values({ memberId, relation: 'spouse', slot: 0, firstName: 'Mansi' });
    const [{ id: paymentId }] = await database.db
      .insert(payments)
      .values(payment({ memberId }))
      .returning();
    await database.db.delete(members).where(eq(members.id, memberId));
    expect(
      await database.db.select().from(familyMembers).where(eq(familyMembers.memberId, memberId)),
    ).toEqual([]);
    const [kept] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(kept.memberId).toBeNull();
  });
});
