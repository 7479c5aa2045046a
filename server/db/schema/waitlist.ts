import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { WAITLIST_STATUSES } from '../../../domain/constants';
import { createdAt, instant, isOneOf, updatedAt } from './columns';
import { events } from './events';

/**
 * A family waiting for seats of a sold-out event (issue 9), as one unit with the seats it needs:
 * 'pending' until its e-mail is confirmed by link, then 'waiting' in order of confirmation;
 * 'offered' while an offer holds its seats (until `offer_expires_at`), then 'purchased' or
 * 'expired'; 'removed' by staff. Tokens are stored as SHA-256 hashes only.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    seats: integer('seats').notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('pending'),
    confirmTokenHash: text('confirm_token_hash').notNull().unique(),
    confirmedAt: instant('confirmed_at'),
    offerTokenHash: text('offer_token_hash').unique(),
    offeredAt: instant('offered_at'),
    offerExpiresAt: instant('offer_expires_at'),
    /** Offers made to this entry so far: part of the offer mail's dedupe key. */
    offers: integer('offers').notNull().default(0),
    // Who joined ('addr:<ip>' or 'mem:<id>'), so an offer counts against the same caps as checkouts
    clientKey: text('client_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('waitlist_entries_event_status_idx').on(t.eventId, t.status, t.confirmedAt),
    index('waitlist_entries_email_lower_idx').on(sql`lower(${t.email})`),
    // One live entry per e-mail and event: a second join is refused, not queued twice
    uniqueIndex('waitlist_entries_live_email_uq')
      .on(t.eventId, sql`lower(${t.email})`)
      .where(sql`${t.status} in ('pending', 'waiting', 'offered')`),
    check('waitlist_entries_status_check', isOneOf(t.status, WAITLIST_STATUSES)),
    check('waitlist_entries_seats_check', sql`${t.seats} > 0`),
  ],
);

export type TWaitlistEntryRow = typeof waitlistEntries.$inferSelect;
