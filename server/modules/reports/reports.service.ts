/**
 * The payment reports (spec 01 §2.5, §3): confirmed ticket payments and confirmed membership
 * payments created in a range, oldest first, with what refunds gave back of each (a payment
 * refunded in full stays in the report with a net of zero; a checkout refunded without ever being
 * confirmed never was income and stays out). The screen gets every row at once; the download
 * reads the same rows in keyset-paged batches, so a year of payments never sits in memory.
 */
import { and, asc, eq, inArray, isNotNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import { refundStateOf } from '../../../domain/contracts/refunds';
import type { TMemberReportRow, TTicketReportRow } from '../../../domain/contracts/reports';
import { ticketCount } from '../../../domain/display';
import { centsToDecimal } from '../../../domain/money';
import type { TDbOrTx } from '../../db/client';
import { events, members, payments, TICKET_KINDS } from '../../db/schema';
import { refundedCentsOf, refundTotals } from '../payments/refunded-cents';
import { createdWithin, type TReportRange } from './report-range';

export const MEMBERSHIP_KINDS = ['registration', 'renewal', 'dependents'] as const;
export const REPORT_BATCH_SIZE = 1000;

/** Where a keyset page starts: after this (created_at, id); created_at kept as text for exactness. */
export interface TCursor {
  createdAtText: string;
  id: number;
}

export const createdAtText = sql<string>`${payments.createdAt}::text`.as('created_at_text');

/** Paid and kept, paid and given back in part, or paid and given back in full. */
export const wasPaid = or(
  eq(payments.status, PAYMENT_STATUS_DONE),
  and(eq(payments.status, 'refunded'), isNotNull(payments.confirmedAt)),
);

/** Gross, refunded and net of one row as the wire carries them. */
export function moneyOf(row: { amountCents: number; refundedCents: number; status: string }) {
  const refunded = Number(row.refundedCents);
  return {
    price: centsToDecimal(row.amountCents),
    refunded: centsToDecimal(refunded),
    net: centsToDecimal(row.amountCents - refunded),
    refundState: refundStateOf(row.status, refunded),
  };
}

/**
 * The plain `created_at >=` bound lets the created_at index start at the cursor; the row
 * comparison alone cannot use it, and every page re-read all rows before it (a year of 100,000
 * payments took 100 pages × up to 100,000 rows).
 */
export function afterCursor(cursor: TCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return sql`${payments.createdAt} >= ${cursor.createdAtText}::timestamptz and (${payments.createdAt}, ${payments.id}) > (${cursor.createdAtText}::timestamptz, ${cursor.id})`;
}

function ticketQuery(db: TDbOrTx, range: TReportRange, cursor: TCursor | null) {
  const refunded = refundTotals(db);
  return db
    .select({
      id: payments.id,
      memberName: payments.memberName,
      email: payments.email,
      productName: payments.productName,
      transactionId: payments.transactionId,
      eventId: payments.eventId,
      eventName: events.name,
      dependent: payments.dependent,
      amountCents: payments.amountCents,
      refundedCents: refundedCentsOf(refunded),
      status: payments.status,
      offlineMethod: payments.offlineMethod,
      chequeNumber: payments.chequeNumber,
      eventDate: payments.eventDate,
      createdAt: payments.createdAt,
      createdAtText,
    })
    .from(payments)
    .innerJoin(events, eq(events.id, payments.eventId))
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(
      and(
        inArray(payments.kind, [...TICKET_KINDS]),
        wasPaid,
        createdWithin(range),
        afterCursor(cursor),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .$dynamic();
}

function memberQuery(db: TDbOrTx, range: TReportRange, cursor: TCursor | null) {
  const refunded = refundTotals(db);
  return db
    .select({
      id: payments.id,
      firstName: members.firstName,
      lastName: members.lastName,
      memberName: payments.memberName,
      email: payments.email,
      productName: payments.productName,
      transactionId: payments.transactionId,
      description: payments.description,
      amountCents: payments.amountCents,
      refundedCents: refundedCentsOf(refunded),
      status: payments.status,
      offlineMethod: payments.offlineMethod,
      chequeNumber: payments.chequeNumber,
      createdAt: payments.createdAt,
      createdAtText,
    })
    .from(payments)
    .leftJoin(members, eq(members.id, payments.memberId))
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(
      and(
        inArray(payments.kind, [...MEMBERSHIP_KINDS]),
        wasPaid,
        createdWithin(range),
        afterCursor(cursor),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .$dynamic();
}

type TTicketDbRow = Awaited<ReturnType<typeof ticketQuery>>[number];
type TMemberDbRow = Awaited<ReturnType<typeof memberQuery>>[number];

export function presentTicketRow(row: TTicketDbRow): TTicketReportRow {
  return {
    id: row.id,
    memberName: row.memberName ?? '',
    email: row.email,
    productName: row.productName,
    transactionID: row.transactionId,
    eventID: row.eventId ?? 0,
    eventName: row.eventName,
    dependent: ticketCount(row.productName, row.dependent),
    ...moneyOf(row),
    method: row.offlineMethod ?? 'card',
    chequeNumber: row.chequeNumber,
    eventDate: row.eventDate ?? '',
    created_at: row.createdAt.toISOString(),
  };
}

export function presentMemberRow(row: TMemberDbRow): TMemberReportRow {
  // A deleted member's payment keeps the name stored on it
  const [storedFirst = '', ...storedRest] = (row.memberName ?? '').split(' ');
  return {
    id: row.id,
    memberID: {
      MemberFirstName: row.firstName ?? storedFirst,
      MemberLastName: row.lastName ?? storedRest.join(' '),
    },
    email: row.email,
    productName: row.productName,
    transactionID: row.transactionId,
    description: row.description,
    ...moneyOf(row),
    method: row.offlineMethod ?? 'card',
    chequeNumber: row.chequeNumber,
    created_at: row.createdAt.toISOString(),
  };
}

export async function ticketReport(db: TDbOrTx, range: TReportRange): Promise<TTicketReportRow[]> {
  return (await ticketQuery(db, range, null)).map(presentTicketRow);
}

export async function memberReport(db: TDbOrTx, range: TReportRange): Promise<TMemberReportRow[]> {
  return (await memberQuery(db, range, null)).map(presentMemberRow);
}

/**
 * Pages by (created_at, id). The next page's query starts as soon as this page's last row is
 * known, so on PostgreSQL the database reads the next batch while the caller writes this one.
 */
export async function* keysetBatches<T extends TCursor>(
  page: (cursor: TCursor | null) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let pending: Promise<T[]> | null = page(null);
  while (pending) {
    const rows: T[] = await pending;
    if (rows.length === 0) return;
    const last = rows[rows.length - 1];
    pending =
      rows.length < REPORT_BATCH_SIZE
        ? null
        : page({ createdAtText: last.createdAtText, id: last.id });
    // A prefetched page nobody waits for (the client went away) must not become an unhandled rejection
    pending?.catch(() => undefined);
    yield rows;
  }
}

/**
 * One page of rows fetched as a single JSON text. PGlite decodes a result field by field in
 * JavaScript, ~20 µs for a row of 12 columns, which made most of a 100,000-row download; one
 * text per page costs a fifth of that, and PostgreSQL does not mind either way.
 */
async function jsonPage<TRow extends TCursor & { createdAt: Date }>(
  db: TDbOrTx,
  query: { as(alias: 'page'): unknown },
  keys: readonly (keyof TRow & string)[],
): Promise<TRow[]> {
  const page = query.as('page') as Record<string, SQLWrapper> & SQLWrapper;
  const values = sql.join(
    keys.map((key) => sql`${page[key]}`),
    sql`, `,
  );
  const [{ json }] = await db
    .select({
      json: sql<string>`coalesce(json_agg(json_build_array(${values}) order by ${page.createdAt}, ${page.id}), '[]')::text`,
    })
    .from(page as never);
  return (JSON.parse(json) as unknown[][]).map((values) => {
    // A loop, not Object.fromEntries: a pair array per field made this a fifth of the JavaScript
    // of a 100,000-row download (issue 14)
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) row[keys[i]] = values[i];
    row.createdAt = new Date(row.createdAt as string);
    return row as TRow;
  });
}

const TICKET_KEYS = [
  'id',
  'memberName',
  'email',
  'productName',
  'transactionId',
  'eventId',
  'eventName',
  'dependent',
  'amountCents',
  'refundedCents',
  'status',
  'offlineMethod',
  'chequeNumber',
  'eventDate',
  'createdAt',
  'createdAtText',
] as const satisfies readonly (keyof TTicketDbRow)[];

const MEMBER_KEYS = [
  'id',
  'firstName',
  'lastName',
  'memberName',
  'email',
  'productName',
  'transactionId',
  'description',
  'amountCents',
  'refundedCents',
  'status',
  'offlineMethod',
  'chequeNumber',
  'createdAt',
  'createdAtText',
] as const satisfies readonly (keyof TMemberDbRow)[];

export function ticketReportBatches(db: TDbOrTx, range: TReportRange) {
  return keysetBatches((cursor) =>
    jsonPage<TTicketDbRow>(
      db,
      ticketQuery(db, range, cursor).limit(REPORT_BATCH_SIZE),
      TICKET_KEYS,
    ),
  );
}

export function memberReportBatches(db: TDbOrTx, range: TReportRange) {
  return keysetBatches((cursor) =>
    jsonPage<TMemberDbRow>(
      db,
      memberQuery(db, range, cursor).limit(REPORT_BATCH_SIZE),
      MEMBER_KEYS,
    ),
  );
}
