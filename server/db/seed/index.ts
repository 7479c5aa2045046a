import { count, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../client';
import {
  adminAccounts,
  auditLogs,
  boardMembers,
  contactMessages,
  events,
  familyMembers,
  familyPlanSequences,
  members,
  membershipPlans,
  nonMemberBuyers,
  payments,
  tickets,
} from '../schema';
import { buildAuditLogs, buildContactMessages } from './activity';
import { buildDonations } from './donations';
import { createSeedContext, type TSeedContext, type TSeedOptions } from './context';
import { DEMO_PASSWORD_HASH } from './demo-password';
import { buildEvents } from './events';
import { buildFamilies, type TSeedFamily } from './families';
import {
  buildMembershipPayments,
  type TInsertedFamily,
  type TSeedPlan,
} from './membership-payments';
import { People } from './people';
import { buildPlans } from './plans';
import { buildAdminAccounts, buildOfficers, buildTempAdminBoardMember } from './staff';
import type { TSeedPayment } from './payment-rows';
import { buildTicketSales, type TInsertedEvent, type TTicketSale } from './ticket-payments';

export type { TSeedOptions } from './context';

// Any constant will do: it only has to be the same for every server instance
const SEED_LOCK_KEY = 0x5a3a;

/**
 * Fills an empty database with the demo data of DESIGN §7, in one transaction. A database that
 * already has an admin account is left alone, so a restart never seeds twice.
 */
export async function seedDemo(db: TDb, options: TSeedOptions): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL must not both see an empty database
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(adminAccounts);
    if (existing.n > 0) return { seeded: false };

    const ctx = createSeedContext(options);
    const people = new People(ctx);
    const plans = await insertPlans(tx, ctx);
    const families = await insertFamilies(tx, ctx, people, plans);
    await insertStaff(tx, ctx, families);
    const seededEvents = await insertEvents(tx, ctx);
    const sales = buildTicketSales(ctx, seededEvents, families, people);
    await insertBuyers(tx, sales);
    await insertPayments(
      tx,
      [...buildMembershipPayments(ctx, families, plans), ...sales.map((s) => s.payment)],
      sales,
    );
    await tx.insert(auditLogs).values(buildAuditLogs(ctx));
    await tx.insert(contactMessages).values(buildContactMessages(ctx));
    // Last: they draw from the random stream after everything else, which stays as it was
    await insertPayments(tx, buildDonations(ctx, families), []);
    return { seeded: true };
  });
}

async function insertPlans(tx: TTx, ctx: TSeedContext): Promise<Map<string, TSeedPlan>> {
  const rows = await tx.insert(membershipPlans).values(buildPlans(ctx)).returning();
  return new Map(
    rows.map((plan) => [
      plan.prefix,
      {
        id: plan.id,
        membershipType: plan.membershipType,
        price: {
          planFeeCents: plan.planFeeCents,
          dependentFeeCents: plan.dependentFeeCents,
          serviceChargePercent: plan.serviceChargePercent,
        },
      },
    ]),
  );
}

/** Members get their FamilyPlanId in the order they joined, numbered per plan prefix. */
async function insertFamilies(
  tx: TTx,
  ctx: TSeedContext,
  people: People,
  plans: ReadonlyMap<string, TSeedPlan>,
): Promise<TInsertedFamily[]> {
  const families = buildFamilies(ctx, people, DEMO_PASSWORD_HASH);
  const lastNumber = new Map<string, number>([...plans.keys()].map((prefix) => [prefix, 0]));
  const byJoining = [...families].sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime());
  const familyPlanIds = new Map<TSeedFamily, string>();
  for (const family of byJoining) {
    const next = (lastNumber.get(family.prefix) ?? 0) + 1;
    lastNumber.set(family.prefix, next);
    familyPlanIds.set(family, `${family.prefix}${String(next).padStart(4, '0')}`);
  }

  const memberRows = byJoining.map((family) => ({
    ...family.member,
    planId: plans.get(family.prefix)?.id,
    familyPlanId: familyPlanIds.get(family),
  }));
  const inserted = await inChunks(memberRows, (chunk) =>
    tx.insert(members).values(chunk).returning({ id: members.id, email: members.email }),
  );
  const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));
  const withIds = families.map((family) => ({
    ...family,
    memberId: lookup(idByEmail, family.member.email),
  }));

  const relatives = withIds.flatMap((family) =>
    [family.spouse, ...family.dependents]
      .filter((person) => person !== null)
      .map((person) => ({ ...person, memberId: family.memberId })),
  );
  await inChunks(relatives, (chunk) =>
    tx.insert(familyMembers).values(chunk).returning({ id: familyMembers.id }),
  );
  await tx
    .insert(familyPlanSequences)
    .values([...lastNumber].map(([prefix, lastValue]) => ({ prefix, lastValue })));
  return withIds;
}

async function insertStaff(
  tx: TTx,
  ctx: TSeedContext,
  families: readonly TInsertedFamily[],
): Promise<void> {
  const accounts = await tx
    .insert(adminAccounts)
    .values(buildAdminAccounts(ctx, DEMO_PASSWORD_HASH))
    .returning();
  const tempAdmin = accounts.find((account) => account.isStaff);
  if (!tempAdmin) throw new Error('seed: the temporary admin account was not created');
  await tx
    .insert(boardMembers)
    .values([...buildOfficers(ctx, families), buildTempAdminBoardMember(tempAdmin)]);
}

async function insertEvents(tx: TTx, ctx: TSeedContext): Promise<TInsertedEvent[]> {
  const built = buildEvents(ctx);
  const rows = await tx
    .insert(events)
    .values(built.map((event) => event.row))
    .returning({ id: events.id, name: events.name });
  const idByName = new Map(rows.map((row) => [row.name, row.id]));
  return built.map((event) => ({ ...event, id: lookup(idByName, event.row.name) }));
}

/**
 * Non-member buyers first: their payments and tickets point at them. Each buyer's e-mail is
 * unique in the seed, which is how rows find their ids.
 */
async function insertBuyers(tx: TTx, sales: readonly TTicketSale[]): Promise<void> {
  const bought = sales.flatMap((sale) => (sale.buyer ? [{ sale, buyer: sale.buyer }] : []));
  if (bought.length === 0) return;
  const rows = await inChunks(
    bought.map(({ buyer }) => buyer),
    (chunk) =>
      tx
        .insert(nonMemberBuyers)
        .values(chunk)
        .returning({ id: nonMemberBuyers.id, email: nonMemberBuyers.email }),
  );
  const idByEmail = new Map(rows.map((row) => [row.email, row.id]));
  for (const { sale, buyer } of bought) {
    const id = lookup(idByEmail, buyer.email);
    sale.payment.nonMemberId = id;
    sale.ticket.nonMemberId = id;
  }
}

/** Payments in the order they happened, so ids grow with time as they would in production. */
async function insertPayments(
  tx: TTx,
  rows: TSeedPayment[],
  sales: readonly TTicketSale[],
): Promise<void> {
  const ordered = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const inserted = await inChunks(ordered, (chunk) =>
    tx
      .insert(payments)
      .values(chunk)
      .returning({ id: payments.id, transactionId: payments.transactionId }),
  );
  const idByTransaction = new Map(inserted.map((row) => [row.transactionId, row.id]));
  if (sales.length === 0) return;
  const ticketRows = sales.map((sale) => ({
    ...sale.ticket,
    paymentId: lookup(idByTransaction, sale.payment.transactionId),
  }));
  await inChunks(ticketRows, (chunk) =>
    tx.insert(tickets).values(chunk).returning({ id: tickets.id }),
  );
}

/** Rows are matched to their generated ids by a natural key; a miss is a bug in the seed. */
function lookup<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`seed: no row was inserted for ${String(key)}`);
  return value;
}

// Drizzle builds one multi-row INSERT in more than linear time; batches of this size stay fast
const CHUNK_ROWS = 50;

async function inChunks<T, R>(
  rows: readonly T[],
  insert: (chunk: T[]) => Promise<R[]>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    results.push(...(await insert(rows.slice(start, start + CHUNK_ROWS))));
  }
  return results;
}
