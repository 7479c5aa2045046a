/** What the payment, event and report tests share: a seeded app and short ways to buy. Test-only. */
import { and, asc, eq, gt } from 'drizzle-orm';
import { addDays, toCalendarDate } from '../../../domain/dates';
import {
  events,
  mailOutbox,
  members,
  paymentEvents,
  payments,
  tickets,
  type TEventRow,
} from '../../db/schema';
import { nextClientAddress, type TTestApp } from '../../test/test-app';
import { bearer, DEMO, tokenOf } from '../auth/auth-test-kit';
import { receiptDedupeKey } from './receipt';
import { eventListsChanged } from '../events/event-list-cache';

export {
  bearer,
  createSeededApp,
  createSeededPostgresApp,
  DEMO,
  tokenOf,
} from '../auth/auth-test-kit';

export const CARDS = {
  pays: { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
  declines: { cardNumber: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' },
} as const;

export const BUYER = {
  fname: 'Asha',
  lname: 'Patel',
  email: 'asha.patel@example.net',
  contact: '(713) 555-0199',
};

export function today(t: TTestApp): string {
  return toCalendarDate(t.clock.now(), t.config.timeZone);
}

/** A fresh event ten days ahead, with prices $10 member / $15 non-member / $120 table. */
export async function createEvent(
  t: TTestApp,
  overrides: Partial<typeof events.$inferInsert> = {},
): Promise<TEventRow> {
  const [row] = await t.database.db
    .insert(events)
    .values({
      name: `Test Evening ${Math.random().toString(36).slice(2, 7)}`,
      eventDate: addDays(today(t), 10),
      eventTime: '18:00',
      venue: 'Samaj Hall',
      memberPriceCents: 1000,
      nonMemberPriceCents: 1500,
      tablePriceCents: 12000,
      capacity: 100,
      ...overrides,
    })
    .returning();
  // Written past the services, as an admin's edit would be through them: the public lists'
  // cache is told, as the events admin service tells it.
  eventListsChanged();
  return row;
}

/** The seeded event of the next weeks, with plenty of seats. */
export async function upcomingEvent(t: TTestApp): Promise<TEventRow> {
  const [row] = await t.database.db
    .select()
    .from(events)
    .where(and(gt(events.eventDate, today(t)), eq(events.status, 'scheduled')))
    .orderBy(asc(events.eventDate))
    .limit(1);
  return row;
}

let buyers = 0;
/** BUYER with an e-mail of their own: each test purchase is a different buyer's, as in real life. */
export function newBuyer(): typeof BUYER {
  buyers += 1;
  return { ...BUYER, email: `asha.patel+${buyers}@example.net` };
}

export function nonMemberCheckout(
  eventid: number,
  ticket = 2,
  extra: Record<string, unknown> = {},
) {
  return { kind: 'nonmember-ticket', eventid, ticket, buyer: newBuyer(), ...extra };
}

/**
 * Starts a checkout from an address of its own (`remoteAddress`), as a different visitor would:
 * anonymous limits count per address, and the tests that need one client pass it.
 */
export async function checkout(
  t: TTestApp,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = nextClientAddress(),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: payload as object,
    headers,
    remoteAddress,
  });
}

/** Starts a checkout that must succeed and answers its transaction id. */
export async function startCheckout(
  t: TTestApp,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await checkout(t, payload, headers);
  if (response.statusCode !== 200)
    throw new Error(`checkout answered ${response.statusCode}: ${response.body}`);
  return response.json().transactionID as string;
}

export async function payMock(t: TTestApp, transactionId: string, card: object = CARDS.pays) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/mock/${transactionId}/confirm`,
    payload: card,
  });
}

/** A non-member purchase paid with the mock card; answers its transaction id. */
export async function buyNonMemberTickets(
  t: TTestApp,
  eventId: number,
  ticket = 2,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const transactionId = await startCheckout(t, nonMemberCheckout(eventId, ticket, extra));
  const paid = await payMock(t, transactionId);
  if (paid.statusCode !== 200)
    throw new Error(`mock confirm answered ${paid.statusCode}: ${paid.body}`);
  return transactionId;
}

export async function paymentRow(t: TTestApp, transactionId: string) {
  const [row] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.transactionId, transactionId));
  return row;
}

export async function receiptsOf(t: TTestApp, transactionId: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, receiptDedupeKey(transactionId)));
}

/** A payment's state changes and attempts, oldest first, as [type, from, to, detail]. */
export async function paymentEventsOf(t: TTestApp, paymentId: number) {
  const rows = await t.database.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.id));
  return rows.map((row) => [row.type, row.fromStatus, row.toStatus, row.detail]);
}

export async function ticketsOf(t: TTestApp, paymentId: number) {
  return t.database.db.select().from(tickets).where(eq(tickets.paymentId, paymentId));
}

export async function demoMemberId(t: TTestApp): Promise<number> {
  const [row] = await t.database.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.email, DEMO.member));
  return row.id;
}

/** Another active member than the demo one (for "not your payment" cases). */
export async function otherActiveMemberId(t: TTestApp): Promise<number> {
  const rows = await t.database.db
    .select({
      id: members.id,
      email: members.email,
      isActive: members.isActive,
      validityTo: members.validityTo,
    })
    .from(members);
  const other = rows.find(
    (row) =>
      row.email !== DEMO.member &&
      row.isActive &&
      (row.validityTo === null || row.validityTo >= today(t)),
  );
  if (!other) throw new Error('the seed has no other active member');
  return other.id;
}

export async function staffHeaders(t: TTestApp, who: 'admin' | 'temp' | 'super' = 'admin') {
  return bearer(await tokenOf(t, who));
}

export async function memberHeaders(t: TTestApp) {
  return bearer(await tokenOf(t, 'member'));
}

let inserted = 0;
/** A payment row written directly, as a checkout (pending) or a confirmation (done) would leave it. */
export async function insertPayment(
  t: TTestApp,
  fields: Partial<typeof payments.$inferInsert> & Pick<typeof payments.$inferInsert, 'kind'>,
) {
  inserted += 1;
  const now = t.clock.now();
  const [row] = await t.database.db
    .insert(payments)
    .values({
      transactionId: `txn_test${String(inserted).padStart(4, '0')}${Math.random().toString(36).slice(2, 14).padEnd(12, 'x')}`,
      status: 'pending',
      provider: 'mock',
      email: 'member@example.org',
      productName: 'Family Membership',
      description: 'renew payment',
      paymentType: 'Member',
      amountCents: 15450,
      expiresAt: new Date(now.getTime() + 30 * 60_000),
      createdAt: now,
      updatedAt: now,
      ...fields,
    })
    .returning();
  return row;
}
