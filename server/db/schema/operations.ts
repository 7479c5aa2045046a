import { sql, type SQL } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, isOneOf, searchText } from './columns';

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * The spec's log entry (spec 02 §2.6); it grows without bound, hence bigserial and keyset
 * indexes.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // A display name, or the fixed label of the global admin
    user: text('user').notNull().default(''),
    email: text('email').notNull().default(''),
    userType: text('user_type').notNull().default(''),
    ipAddress: text('ip_address').notNull().default(''),
    methodType: text('method_type').notNull().default(''),
    loggerMessage: text('logger_message').notNull().default(''),
    createdAt: createdAt(),
    // The text the log filter matches, kept with the row: the filter checks it on every
    // candidate the trigram index finds, and working it out there (lower() of six columns
    // joined, twice) was 40% of a rare term's query on PGlite (5.0 ms, 3.1 ms stored).
    searchText: text('search_text').generatedAlwaysAs((): SQL => auditLogSearchText(auditLogs)),
  },
  (t) => [
    index('audit_logs_created_at_id_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('audit_logs_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The log screen sorts by any column, id breaking ties, both ways (one index serves both):
    // at a million entries a sort without its index reads them all for every page.
    index('audit_logs_user_id_idx').on(t.user, t.id),
    index('audit_logs_email_id_idx').on(t.email, t.id),
    index('audit_logs_user_type_id_idx').on(t.userType, t.id),
    index('audit_logs_ip_address_id_idx').on(t.ipAddress, t.id),
    index('audit_logs_method_type_id_idx').on(t.methodType, t.id),
    index('audit_logs_logger_message_id_idx').on(t.loggerMessage, t.id),
  ],
);

/** What `search_text` holds: the columns the log filter looks in, joined and lowercased. */
function auditLogSearchText(
  t: Record<
    'user' | 'email' | 'userType' | 'ipAddress' | 'methodType' | 'loggerMessage',
    AnyPgColumn
  >,
) {
  return searchText(t.user, t.email, t.userType, t.ipAddress, t.methodType, t.loggerMessage);
}

/** An attachment with its bytes, as the transport sends it. */
export interface TReadyAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
  /** An inline image's content id, which the HTML body names as `cid:<id>`. */
  cid?: string;
  recipe?: undefined;
}

/**
 * What an attachment is made from, when making it costs CPU (a receipt's PDF, a door code's QR
 * image): the outbox worker renders it when it sends the mail, so the transaction that enqueued
 * it (a confirmation, holding its event's lock) stores a few hundred bytes of JSON instead.
 */
export type TAttachmentRecipe =
  | {
      kind: 'receipt-pdf';
      orgName: string;
      title: string;
      lines: Array<{ label: string; value: string }>;
      thanks: string;
      doorCode: string | null;
    }
  | { kind: 'door-qr-png'; code: string };

export interface TRecipeAttachment {
  filename: string;
  contentType: string;
  recipe: TAttachmentRecipe;
  cid?: string;
  contentBase64?: undefined;
}

export type TMailAttachment = TReadyAttachment | TRecipeAttachment;

/** Every e-mail is a row first (DESIGN §5); a worker sends it with retries. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    // e.g. 'receipt:<transactionID>': at most one receipt per payment, however often it is enqueued
    dedupeKey: text('dedupe_key').unique(),
    toAddress: text('to_address').notNull(),
    cc: text('cc'),
    bcc: text('bcc'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<TMailAttachment[]>().notNull().default([]),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_status_next_attempt_idx').on(t.status, t.nextAttemptAt),
    check('mail_outbox_status_check', isOneOf(t.status, MAIL_STATUSES)),
    check('mail_outbox_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export type TAuditLogRow = typeof auditLogs.$inferSelect;
export type TNewAuditLogRow = typeof auditLogs.$inferInsert;
export type TMailOutboxRow = typeof mailOutbox.$inferSelect;
export type TNewMailOutboxRow = typeof mailOutbox.$inferInsert;
export type TContactMessageRow = typeof contactMessages.$inferSelect;
export type TNewContactMessageRow = typeof contactMessages.$inferInsert;

/**
 * One row the health check rewrites on every probe: a database that answers reads but cannot
 * take writes (a full disk, a read-only server) is reported down, not "ok".
 */
export const healthProbe = pgTable('health_probe', {
  id: integer('id').primaryKey(),
  checkedAt: instant('checked_at').notNull(),
});
