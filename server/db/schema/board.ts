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
import { BOARD_TYPES } from '../../../domain/constants';
import { adminAccounts } from './accounts';
import { createdAt, isOneOf, updatedAt, validityCheck } from './columns';
import { members } from './membership';

/**
 * Executive members and trustees (usually linked to a member) and temporary admins (linked to
 * their admin account). Officers shown on the Leadership page carry a role and an order.
 */
export const boardMembers = pgTable(
  'board_members',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    memberBoardType: text('member_board_type', { enum: BOARD_TYPES }).notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    adminAccountId: integer('admin_account_id').references(() => adminAccounts.id, {
      onDelete: 'set null',
    }),
    leadershipRole: text('leadership_role'),
    leadershipOrder: integer('leadership_order'),
    image: text('image'),
    validityFrom: date('validity_from', { mode: 'string' }),
    validityTo: date('validity_to', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('board_members_member_id_idx').on(t.memberId),
    uniqueIndex('board_members_admin_account_id_key').on(t.adminAccountId),
    // One board entry per person: the add screen's "already exists" answer, race-free
    uniqueIndex('board_members_email_lower_key').on(sql`lower(${t.email})`),
    check('board_members_type_check', isOneOf(t.memberBoardType, BOARD_TYPES)),
    check('board_members_contact_phone_check', sql`${t.contactPhone} ~ '^([0-9]{10})?$'`),
    check(
      'board_members_leadership_order_check',
      sql`${t.leadershipOrder} is null or ${t.leadershipOrder} >= 1`,
    ),
    validityCheck('board_members_validity_check', t.validityFrom, t.validityTo),
  ],
);

export type TBoardMemberRow = typeof boardMembers.$inferSelect;
export type TNewBoardMemberRow = typeof boardMembers.$inferInsert;
