import { builtQueriesByColumns, carriedWrite } from '../../db/built-query';
import type { TDbOrTx } from '../../db/client';
import {
  mailOutbox,
  type TAttachmentRecipe,
  type TMailAttachment as TStoredAttachment,
} from '../../db/schema';

/**
 * An attachment as a service writes it: its bytes, or the recipe the outbox worker renders it
 * from when it sends the mail (./attachment-recipes.ts), which keeps the CPU out of the caller's
 * transaction.
 */
export type TMailAttachmentInput = {
  filename: string;
  contentType: string;
  /** Shown inside the HTML body as `<img src="cid:...">` rather than as a file to open. */
  cid?: string;
} & ({ content: Buffer; recipe?: undefined } | { recipe: TAttachmentRecipe; content?: undefined });

/** One e-mail as a service writes it. An address field takes one address or a list. */
export interface TMailMessage {
  to: string | string[];
  cc?: string | string[];
  bcc?: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: TMailAttachmentInput[];
}

export interface TEnqueueOptions {
  /**
   * Makes the enqueue idempotent: a second mail with the same key is dropped, whatever its
   * content (e.g. `receipt:<transactionID>` gives exactly one receipt per payment).
   */
  dedupeKey?: string;
  /** The caller's clock time, kept as created_at; it never decides when the mail is sent. */
  now?: Date;
}

/**
 * Writes the mail as an outbox row in the caller's transaction, so it is sent if and only if
 * the caller's work commits (DESIGN §5). Answers the row id, or null when `dedupeKey` was
 * already enqueued. The worker sends a new row at its next batch, whatever the clocks say.
 */
export async function enqueueMail(
  db: TDbOrTx,
  message: TMailMessage,
  options: TEnqueueOptions = {},
): Promise<number | null> {
  const rows = await insertMail(db, outboxRow(message, options));
  return rows[0]?.id ?? null;
}

/**
 * `enqueueMail` for a caller that needs no answer: in a transaction that carries writes
 * (server/db/carried-writes.ts) the row goes with the transaction's next statement.
 */
export async function queueMail(
  db: TDbOrTx,
  message: TMailMessage,
  options: TEnqueueOptions = {},
): Promise<void> {
  await insertMailQuietly(db, outboxRow(message, options));
}

function outboxRow(message: TMailMessage, options: TEnqueueOptions) {
  const to = joinAddresses(message.to);
  if (!to) throw new Error('enqueueMail: a mail needs at least one recipient.');
  return {
    dedupeKey: options.dedupeKey ?? null,
    toAddress: to,
    cc: joinAddresses(message.cc),
    bcc: joinAddresses(message.bcc),
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
    attachments: (message.attachments ?? []).map(storeAttachment),
    createdAt: options.now,
  };
}

/** The outbox's insert, built once with and once without a given creation time. */
const insertMail = builtQueriesByColumns((db, row: typeof mailOutbox.$inferInsert) =>
  db
    .insert(mailOutbox)
    .values(row)
    // No conflict target: the dedupe key is the table's only unique column besides the serial id.
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id }),
);

const insertMailQuietly = carriedWrite((db, row: typeof mailOutbox.$inferInsert) =>
  db.insert(mailOutbox).values(row).onConflictDoNothing(),
);

function joinAddresses(addresses: string | string[] | undefined): string | null {
  const list = (Array.isArray(addresses) ? addresses : [addresses ?? ''])
    .map((address) => address.trim())
    .filter(Boolean);
  return list.length > 0 ? list.join(', ') : null;
}

/** `mail_outbox.attachments` is JSON, which cannot hold bytes: the content is kept as base64. */
function storeAttachment(attachment: TMailAttachmentInput): TStoredAttachment {
  const named = {
    filename: attachment.filename,
    contentType: attachment.contentType,
    ...(attachment.cid ? { cid: attachment.cid } : {}),
  };
  return attachment.recipe
    ? { ...named, recipe: attachment.recipe }
    : { ...named, contentBase64: attachment.content.toString('base64') };
}
