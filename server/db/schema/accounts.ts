import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { SESSION_KINDS } from '../../../domain/constants';
import { createdAt, instant, isOneOf, updatedAt, validityCheck } from './columns';

export const ADMIN_KINDS = ['ga', 'su'] as const;
export const RESET_ACCOUNT_KINDS = ['admin', 'member', 'household'] as const;
/**
 * What a session row stands for: the principal kinds, plus 'hh', a household adult's own sign-in
 * (subject household_accounts.id) that acts as its family's member ('mem') on every route.
 */
export const STORED_SESSION_KINDS = [...SESSION_KINDS, 'hh'] as const;
export type TStoredSessionKind = (typeof STORED_SESSION_KINDS)[number];

/**
 * Global admins, super users and temporary admins (kind 'ga' + is_staff, inside their validity
 * window).
 */
export const adminAccounts = pgTable(
  'admin_accounts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    kind: text('kind', { enum: ADMIN_KINDS }).notNull(),
    isStaff: boolean('is_staff').notNull().default(false),
    validityFrom: date('validity_from', { mode: 'string' }),
    validityTo: date('validity_to', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admin_accounts_email_lower_key').on(sql`lower(${t.email})`),
    check('admin_accounts_kind_check', isOneOf(t.kind, ADMIN_KINDS)),
    validityCheck('admin_accounts_validity_check', t.validityFrom, t.validityTo),
  ],
);

/** A bearer token is 32 random bytes; only its hash is kept (DESIGN §3). */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: STORED_SESSION_KINDS }).notNull(),
    // admin_accounts.id for 'ga'/'su', members.id for 'mem', household_accounts.id for 'hh':
    // three tables, so no foreign key
    subjectId: integer('subject_id').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    index('sessions_kind_subject_idx').on(t.kind, t.subjectId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    check('sessions_kind_check', isOneOf(t.kind, STORED_SESSION_KINDS)),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    accountKind: text('account_kind', { enum: RESET_ACCOUNT_KINDS }).notNull(),
    subjectId: integer('subject_id').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_reset_tokens_subject_idx').on(t.accountKind, t.subjectId),
    check('password_reset_tokens_account_kind_check', isOneOf(t.accountKind, RESET_ACCOUNT_KINDS)),
  ],
);

/** Counters shared by every server instance (DESIGN §3d). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowStartedAt: instant('window_started_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    index('rate_limits_expires_at_idx').on(t.expiresAt),
    check('rate_limits_hits_check', sql`${t.hits} >= 0`),
  ],
);

/**
 * Short-lived single-use links for downloads opened in a new tab, where no bearer header
 * travels.
 */
export const downloadLinks = pgTable(
  'download_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    path: text('path').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdByKind: text('created_by_kind', { enum: SESSION_KINDS }).notNull(),
    createdById: integer('created_by_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('download_links_expires_at_idx').on(t.expiresAt),
    check('download_links_created_by_kind_check', isOneOf(t.createdByKind, SESSION_KINDS)),
  ],
);

export type TAdminAccountRow = typeof adminAccounts.$inferSelect;
export type TNewAdminAccountRow = typeof adminAccounts.$inferInsert;
export type TSessionRow = typeof sessions.$inferSelect;
export type TNewSessionRow = typeof sessions.$inferInsert;
export type TPasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
export type TNewPasswordResetTokenRow = typeof passwordResetTokens.$inferInsert;
export type TRateLimitRow = typeof rateLimits.$inferSelect;
export type TNewRateLimitRow = typeof rateLimits.$inferInsert;
export type TDownloadLinkRow = typeof downloadLinks.$inferSelect;
export type TNewDownloadLinkRow = typeof downloadLinks.$inferInsert;
