import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LANGUAGE_CODES } from '../../../domain/constants';
import { RENEWAL_REMINDER_KINDS } from '../../../domain/membership-status';
import { instant, isOneOf } from './columns';
import { members } from './membership';

/**
 * A renewal reminder sent to a member (issue 15): 30 and 7 days before the membership ends and 7
 * days after. The row is the claim: one per member, end date and kind (the unique index), so two
 * instances never send one twice. Its link's token is stored as a SHA-256 hash only and gives
 * renewal rights for this member and this end date, nothing else, until `link_expires_at` or
 * the renewal it paid (`renewed_at`).
 */
export const renewalReminders = pgTable(
  'renewal_reminders',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The membership's end date the reminder is about. */
    validityTo: date('validity_to', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: RENEWAL_REMINDER_KINDS }).notNull(),
    email: text('email').notNull(),
    language: text('language', { enum: LANGUAGE_CODES }).notNull().default('en'),
    tokenHash: text('token_hash').notNull().unique(),
    linkExpiresAt: instant('link_expires_at').notNull(),
    sentAt: instant('sent_at').notNull(),
    /** When a renewal started from this reminder's link was paid, and which payment it was. */
    renewedAt: instant('renewed_at'),
    renewalTransactionId: text('renewal_transaction_id'),
  },
  (t) => [
    uniqueIndex('renewal_reminders_claim_uq').on(t.memberId, t.validityTo, t.kind),
    index('renewal_reminders_sent_at_idx').on(t.sentAt),
    check('renewal_reminders_kind_check', isOneOf(t.kind, RENEWAL_REMINDER_KINDS)),
    check('renewal_reminders_language_check', isOneOf(t.language, LANGUAGE_CODES)),
    check('renewal_reminders_link_check', sql`${t.linkExpiresAt} > ${t.sentAt}`),
  ],
);

export type TRenewalReminderRow = typeof renewalReminders.$inferSelect;
