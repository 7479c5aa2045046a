import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { EVENT_STATUSES } from '../../../domain/constants';
import { createdAt, instant, isOneOf, updatedAt } from './columns';

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // A calendar day in the association's TIME_ZONE, not an instant
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    eventTime: text('event_time').notNull(),
    venue: text('venue').notNull().default(''),
    image: text('image'),
    memberPriceCents: integer('member_price_cents').notNull(),
    nonMemberPriceCents: integer('non_member_price_cents').notNull(),
    tablePriceCents: integer('table_price_cents').notNull(),
    capacity: integer('capacity').notNull(),
    // Seats of confirmed ticket payments: kept by the trigger `payments_seats_sold` in the same
    // transaction as every payment change (migration 0018), so the seat check and the public
    // list read one number instead of adding up every payment of the event
    seatsSold: integer('seats_sold').notNull().default(0),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('scheduled'),
    cancelledAt: instant('cancelled_at'),
    // An event deleted before any payment was confirmed: its row stays so the lapsed checkouts
    // that name it keep their event, and it is no longer on sale or shown anywhere
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_event_date_idx').on(t.eventDate),
    check('events_event_time_check', sql`${t.eventTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('events_member_price_check', sql`${t.memberPriceCents} >= 0`),
    check('events_non_member_price_check', sql`${t.nonMemberPriceCents} >= 0`),
    check('events_table_price_check', sql`${t.tablePriceCents} >= 0`),
    check('events_capacity_check', sql`${t.capacity} >= 0`),
    check('events_status_check', isOneOf(t.status, EVENT_STATUSES)),
  ],
);

/** A buyer without a membership (spec's nonmemberid); one row per purchase. */
export const nonMemberBuyers = pgTable('non_member_buyers', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull().default(''),
  email: text('email').notNull(),
  contactPhone: text('contact_phone').notNull().default(''),
  createdAt: createdAt(),
});

export type TEventRow = typeof events.$inferSelect;
export type TNewEventRow = typeof events.$inferInsert;
export type TNonMemberBuyerRow = typeof nonMemberBuyers.$inferSelect;
export type TNewNonMemberBuyerRow = typeof nonMemberBuyers.$inferInsert;
