import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import {
  CHECKOUT_KINDS,
  LANGUAGE_CODES,
  OFFLINE_METHODS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
} from '../../../domain/constants';
import { createdAt, instant, isOneOf, updatedAt } from './columns';
import { events, nonMemberBuyers } from './events';
import { members, membershipPlans } from './membership';

/** 'offline': cash or a cheque handed to staff, recorded by an admin (issue 15). */
export const PAYMENT_PROVIDERS = ['mock', 'stripe', 'offline'] as const;
export const TICKET_KINDS = ['member-ticket', 'nonmember-ticket', 'table-for-10'] as const;

/** Whether a payment's kind sells seats of an event. */
export function isTicketKind(kind: string): kind is (typeof TICKET_KINDS)[number] {
  return (TICKET_KINDS as readonly string[]).includes(kind);
}

/**
 * One checkout, from pending to its outcome. Rows are never deleted (DESIGN §4.6); the columns
 * after `payment_type` are the values the spec stores and reports (price = amount_cents,
 * dependent = the count it names, memberName, contact, notes).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    transactionId: text('transaction_id').notNull().unique(),
    kind: text('kind', { enum: CHECKOUT_KINDS }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerReference: text('provider_reference'),
    email: text('email').notNull(),
    // Payments outlive a deleted member; the buyer's e-mail and name stay on the row
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    nonMemberId: integer('non_member_id').references(() => nonMemberBuyers.id),
    eventId: integer('event_id').references(() => events.id),
    planId: integer('plan_id').references(() => membershipPlans.id),
    productName: text('product_name').notNull(),
    description: text('description').notNull().default(''),
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }).notNull(),
    dependent: integer('dependent').notNull().default(0),
    memberName: text('member_name'),
    contact: text('contact'),
    notes: text('notes'),
    amountCents: integer('amount_cents').notNull(),
    serviceCents: integer('service_cents').notNull().default(0),
    eventDate: date('event_date', { mode: 'string' }),
    // What was bought, as the checkout received it (a registration's password already hashed)
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    failureReason: text('failure_reason'),
    // An offline payment's method and the cheque's number (none for cash), and who recorded it
    offlineMethod: text('offline_method', { enum: OFFLINE_METHODS }),
    chequeNumber: text('cheque_number'),
    recordedBy: text('recorded_by'),
    // Declined card attempts while pending: the checkout stays open, the treasurer sees them
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastFailedAt: instant('last_failed_at'),
    expiresAt: instant('expires_at'),
    confirmedAt: instant('confirmed_at'),
    recordedAt: instant('recorded_at'),
    fulfilledAt: instant('fulfilled_at'),
    refundedAt: instant('refunded_at'),
    // Who started an anonymous checkout ('addr:<ip>' or a member's 'mem:<id>'), so one client's
    // unpaid holds can be counted (ANONYMOUS_LIMITS); cleared with the buyer's data once it lapses
    clientKey: text('client_key'),
    // The language the buyer's browser used at checkout: the receipt is written in it
    language: text('language', { enum: LANGUAGE_CODES }).notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_created_at_idx').on(t.createdAt),
    index('payments_event_status_idx').on(t.eventId, t.status),
    index('payments_member_id_idx').on(t.memberId),
    index('payments_status_expires_at_idx').on(t.status, t.expiresAt),
    index('payments_email_lower_idx').on(sql`lower(${t.email})`),
    // The checkout a waiting-list offer started (issue 9), looked up per open offer
    index('payments_waitlist_entry_idx')
      .on(sql`(${t.details} ->> 'waitlistEntryId')`)
      .where(sql`(${t.details} ->> 'waitlistEntryId') is not null`),
    index('payments_pending_client_idx')
      .on(t.clientKey, t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('payments_kind_check', isOneOf(t.kind, CHECKOUT_KINDS)),
    check('payments_status_check', isOneOf(t.status, PAYMENT_STATUSES)),
    check('payments_provider_check', isOneOf(t.provider, PAYMENT_PROVIDERS)),
    check('payments_offline_method_check', isOneOf(t.offlineMethod, OFFLINE_METHODS)),
    check(
      'payments_offline_provider_check',
      sql`(${t.provider} = 'offline') = (${t.offlineMethod} is not null)`,
    ),
    // A cheque is known by its number; cash and card payments have none
    check(
      'payments_cheque_number_check',
      sql`coalesce(${t.offlineMethod} = 'cheque', false) = (${t.chequeNumber} is not null)`,
    ),
    check('payments_payment_type_check', isOneOf(t.paymentType, PAYMENT_TYPES)),
    check('payments_language_check', isOneOf(t.language, LANGUAGE_CODES)),
    check('payments_amount_check', sql`${t.amountCents} >= 0`),
    check('payments_service_check', sql`${t.serviceCents} >= 0`),
    check('payments_dependent_check', sql`${t.dependent} >= 0`),
    check('payments_failed_attempts_check', sql`${t.failedAttempts} >= 0`),
    check(
      'payments_ticket_event_check',
      sql`not (${isOneOf(t.kind, TICKET_KINDS)}) or ${t.eventId} is not null`,
    ),
  ],
);

/** What a confirmed ticket payment issued: one row per payment, shown at the door by its code. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    code: text('code').notNull().unique(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    nonMemberId: integer('non_member_id').references(() => nonMemberBuyers.id),
    kind: text('kind', { enum: TICKET_KINDS }).notNull(),
    seats: integer('seats').notNull(),
    adults: integer('adults').notNull().default(0),
    kidsUnder5: integer('kids_under5').notNull().default(0),
    kids6to13: integer('kids_6to13').notNull().default(0),
    // Door check-in: when the ticket's seats arrived and which staff account let them in; the
    // request id of that scan, so a retry of the same scan answers as the first did
    checkedInAt: instant('checked_in_at'),
    checkedInBy: text('checked_in_by'),
    checkInRequest: text('check_in_request'),
    createdAt: createdAt(),
  },
  (t) => [
    index('tickets_event_id_idx').on(t.eventId),
    index('tickets_member_id_idx').on(t.memberId),
    check('tickets_kind_check', isOneOf(t.kind, TICKET_KINDS)),
    check('tickets_seats_check', sql`${t.seats} > 0`),
    check(
      'tickets_counts_check',
      sql`${t.adults} >= 0 and ${t.kidsUnder5} >= 0 and ${t.kids6to13} >= 0`,
    ),
  ],
);

export const PAYMENT_EVENT_TYPES = [
  'declined',
  'confirmed',
  'failed',
  'expired',
  'cancelled',
  'refunded',
] as const;
export type TPaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/**
 * The payment's history of state changes and attempts (DESIGN §4.6), append-only: a declined
 * card leaves the status pending but is an event of its own, so a treasurer sees every attempt.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    type: text('type', { enum: PAYMENT_EVENT_TYPES }).notNull(),
    fromStatus: text('from_status', { enum: PAYMENT_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: PAYMENT_STATUSES }).notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_events_payment_id_idx').on(t.paymentId, t.createdAt),
    check('payment_events_type_check', isOneOf(t.type, PAYMENT_EVENT_TYPES)),
    check('payment_events_from_status_check', isOneOf(t.fromStatus, PAYMENT_STATUSES)),
    check('payment_events_to_status_check', isOneOf(t.toStatus, PAYMENT_STATUSES)),
  ],
);

/**
 * Money given back, one row per refund at the provider. A payment is refunded in full when its
 * refunds add up to its amount; a partial refund by staff is one more row, not another model.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    // The provider's id of the refund (Stripe `re_...`); null where nothing was charged
    providerRefundId: text('provider_refund_id').unique(),
    // The staff request that made it (a double click sends the same key): one refund per key
    requestKey: text('request_key').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_payment_id_idx').on(t.paymentId),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

export type TPaymentRow = typeof payments.$inferSelect;
export type TNewPaymentRow = typeof payments.$inferInsert;
export type TTicketRow = typeof tickets.$inferSelect;
export type TPaymentEventRow = typeof paymentEvents.$inferSelect;
export type TRefundRow = typeof refunds.$inferSelect;
export type TNewTicketRow = typeof tickets.$inferInsert;
