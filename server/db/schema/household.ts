import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';
import { familyMembers, members } from './membership';

/**
 * An adult of a family (the spouse, or a dependent of 18 or more) who signs in with their own
 * e-mail and password to the family's membership. The row is made by the main member's
 * invitation: until it is accepted it holds only the invitation (token hash, expiry) and no
 * password. Revoking access deletes the row, which ends its sessions at once (sessions of kind
 * 'hh' resolve through it). Deleting the family member deletes it too.
 */
export const householdAccounts = pgTable(
  'household_accounts',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    familyMemberId: integer('family_member_id')
      .notNull()
      .unique()
      .references(() => familyMembers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    // Null until the invitation is accepted
    passwordHash: text('password_hash'),
    mayEditFamily: boolean('may_edit_family').notNull().default(false),
    mayBuyTickets: boolean('may_buy_tickets').notNull().default(false),
    mailOptIn: boolean('mail_opt_in').notNull().default(false),
    // The single-use invitation link: only its SHA-256 is kept, cleared when it is used
    inviteTokenHash: text('invite_token_hash').unique(),
    inviteExpiresAt: instant('invite_expires_at'),
    acceptedAt: instant('accepted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('household_accounts_email_lower_key').on(sql`lower(${t.email})`),
    index('household_accounts_member_id_idx').on(t.memberId),
  ],
);

export type THouseholdAccountRow = typeof householdAccounts.$inferSelect;
export type TNewHouseholdAccountRow = typeof householdAccounts.$inferInsert;
