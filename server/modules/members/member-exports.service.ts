/**
 * Member exports (spec 02 §2.7): the spreadsheet (CSV) of all, active or inactive members, and the
 * member table as a PDF (A4 portrait), all members or the list screen's filter and search. Rows
 * are read from the database a page at a time and written as they come, so 10,000 families never
 * sit in memory at once.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, gt } from 'drizzle-orm';
import { GIFT_RECEIVED } from '../../../domain/contracts/members';
import { formatCalendarDate, formatReceiptDateTime } from '../../../domain/dates';
import { fullName } from '../../../domain/display';
import { formatPhone } from '../../../domain/phone';
import type { TDbOrTx } from '../../db/client';
import { members, membershipPlans } from '../../db/schema';
import {
  drawLine,
  prepareFonts,
  type TPdfTextStyle,
  wrapText,
  writeText,
} from '../../lib/pdf-fonts';
import { neutralise } from '../reports/report-workbook';
import { exportLabels, type TExportLabelKey, type TExportLanguage } from './member-export-labels';
import { filterCondition, type TMemberListFilter } from './members.service';
import { isInForce } from './members.presenter';
import { loadPdfKit } from '../../lib/lazy-packages';

export const EXPORT_BATCH_SIZE = 2000;

/** Which members: the list screen's filter without its paging. Empty: every member. */
export type TExportFilter = Omit<TMemberListFilter, 'page' | 'pageSize'>;

export interface TExportOptions {
  filter: TExportFilter;
  language: TExportLanguage;
  /** The association's calendar day: who is in force. */
  today: string;
}

/** Only the columns an export prints: reading whole rows costs twice as much. */
const EXPORT_FIELDS = {
  id: members.id,
  familyPlanId: members.familyPlanId,
  firstName: members.firstName,
  lastName: members.lastName,
  email: members.email,
  contactPhone: members.contactPhone,
  street: members.street,
  city: members.city,
  state: members.state,
  zipcode: members.zipcode,
  dateOfBirth: members.dateOfBirth,
  isActive: members.isActive,
  validityFrom: members.validityFrom,
  validityTo: members.validityTo,
  giftReceived: members.giftReceived,
  membershipType: membershipPlans.membershipType,
};
export interface TExportRow {
  id: number;
  familyPlanId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  contactPhone: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  dateOfBirth: string | null;
  isActive: boolean;
  validityFrom: string | null;
  validityTo: string | null;
  giftReceived: string;
  membershipType: string | null;
}

/** The members in id order, one page of the database at a time (keyset paging). */
export async function* memberExportBatches(
  db: TDbOrTx,
  filter: TExportFilter,
  today: string,
): AsyncGenerator<TExportRow[]> {
  const where = filterCondition({ ...filter, page: 1, pageSize: EXPORT_BATCH_SIZE }, today);
  const page = (afterId: number): Promise<TExportRow[]> =>
    db
      .select(EXPORT_FIELDS)
      .from(members)
      .leftJoin(membershipPlans, eq(members.planId, membershipPlans.id))
      .where(and(where, gt(members.id, afterId)))
      .orderBy(asc(members.id))
      .limit(EXPORT_BATCH_SIZE);
  let pending: Promise<TExportRow[]> | null = page(0);
  while (pending) {
    const rows: TExportRow[] = await pending;
    if (rows.length === 0) return;
    pending = rows.length < EXPORT_BATCH_SIZE ? null : page(rows[rows.length - 1].id);
    // A prefetched page nobody waits for (the client went away) must not become an unhandled rejection
    pending?.catch(() => undefined);
    yield rows;
  }
}

const CSV_COLUMNS = [
  'familyId',
  'firstName',
  'lastName',
  'type',
  'email',
  'phone',
  'street',
  'city',
  'state',
  'zipcode',
  'dateOfBirth',
  'validFrom',
  'validTo',
  'active',
  'gift',
] as const satisfies readonly TExportLabelKey[];

function csvRecord(member: TExportRow, options: TExportOptions): string[] {
  const labels = exportLabels(options.language);
  const date = (value: string | null) => formatCalendarDate(value, options.language);
  return [
    member.familyPlanId ?? '',
    member.firstName,
    member.lastName,
    member.membershipType ?? '',
    member.email,
    formatPhone(member.contactPhone),
    member.street,
    member.city,
    member.state,
    member.zipcode,
    date(member.dateOfBirth),
    date(member.validityFrom),
    date(member.validityTo),
    isInForce(member, options.today) ? labels.yes : labels.no,
    member.giftReceived === GIFT_RECEIVED ? labels.giftReceived : labels.giftNotReceived,
  ].map(neutralise);
}

/**
 * The CSV file: a byte-order mark (so spreadsheets read UTF-8 names right), a heading row in the
 * language asked for, then one row per member. A cell that would run as a formula is neutralised.
 */
export function memberCsvStream(db: TDbOrTx, options: TExportOptions): Readable {
  const labels = exportLabels(options.language);
  const format = { record_delimiter: 'windows' } as const;
  async function* chunks() {
    const header = CSV_COLUMNS.map((key) => neutralise(labels[key]));
    yield `\uFEFF${stringify([header], format)}`;
    // One chunk per page of rows: a stream write per row would cost more than the formatting
    for await (const batch of memberExportBatches(db, options.filter, options.today))
      yield stringify(
        batch.map((row) => csvRecord(row, options)),
        format,
      );
  }
  return Readable.from(chunks(), { objectMode: false });
}

// A4 portrait in points, with the table's columns (the list screen's, less photo and actions)
const PAGE = { margin: 36, width: 595.28, height: 841.89 };
const TABLE_WIDTH = PAGE.width - 2 * PAGE.margin;
const PDF_COLUMNS: ReadonlyArray<{ key: TExportLabelKey; width: number }> = [
  { key: 'sno', width: 28 },
  { key: 'type', width: 62 },
  { key: 'familyId', width: 42 },
  { key: 'name', width: 80 },
  { key: 'email', width: 104 },
  { key: 'phone', width: 62 },
  { key: 'address', width: 89 },
  { key: 'gift', width: 26 },
  { key: 'active', width: 30 },
];
/** A cell wraps onto at most this many lines; the row grows to its tallest cell. */
const MAX_LINES = 2;
const LINE_HEIGHT = 9.5;
const CELL_PADDING = 3;
const CELL: TPdfTextStyle = { size: 7.5 };
const HEAD: TPdfTextStyle = { size: 7.5, weight: 'bold' };

function addressOf(member: TExportRow): string {
  const place = [member.city, [member.state, member.zipcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [member.street, place].filter(Boolean).join(', ');
}

function pdfCells(member: TExportRow, index: number, options: TExportOptions): string[] {
  const labels = exportLabels(options.language);
  return [
    String(index),
    member.membershipType ?? '',
    member.familyPlanId ?? '',
    fullName(member.firstName, member.lastName),
    member.email,
    formatPhone(member.contactPhone),
    addressOf(member),
    member.giftReceived === GIFT_RECEIVED ? labels.yes : labels.no,
    isInForce(member, options.today) ? labels.yes : labels.no,
  ];
}

/** What the filter shows, for the line under the title (empty for every member). */
function filterSummary(filter: TExportFilter, options: TExportOptions): string {
  const labels = exportLabels(options.language);
  const parts: string[] = [];
  if (filter.active)
    parts.push(`${labels.active}: ${filter.active === 'true' ? labels.yes : labels.no}`);
  if (filter.membertype) parts.push(`${labels.type}: ${filter.membertype}`);
  if (filter.gift) parts.push(`${labels.gift}: ${filter.gift === 'true' ? labels.yes : labels.no}`);
  const search = filter.search?.trim();
  if (search && search.toLowerCase() !== 'all') parts.push(`“${search}”`);
  return parts.join(' · ');
}

export interface TPdfExportOptions extends TExportOptions {
  orgName: string;
  now: Date;
  timeZone: string;
}

/**
 * The member table as an A4 portrait PDF, written page by page as the rows arrive; the heading
 * row repeats on every page, and names print in their own script (server/lib/pdf-fonts.ts).
 */
export async function memberPdfStream(
  db: TDbOrTx,
  options: TPdfExportOptions,
): Promise<PDFKit.PDFDocument> {
  const PDFDocument = await loadPdfKit();
  const labels = exportLabels(options.language);
  const title = `${options.orgName}: ${labels.title}`;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margin: PAGE.margin,
    info: { Title: title, Author: options.orgName },
  });
  const headings = PDF_COLUMNS.map((column) => labels[column.key]);
  let y = PAGE.margin;

  /** The row's cells as lines, and the row's height. */
  function layoutRow(cells: readonly string[], style: TPdfTextStyle) {
    const lines = cells.map((cell, index) =>
      wrapText(doc, cell, style, PDF_COLUMNS[index].width - 2 * CELL_PADDING, MAX_LINES),
    );
    const height = 2 * CELL_PADDING + LINE_HEIGHT * Math.max(...lines.map((l) => l.length));
    return { lines, height };
  }

  function drawRow(row: ReturnType<typeof layoutRow>, style: TPdfTextStyle, fill?: string) {
    if (fill) doc.rect(PAGE.margin, y, TABLE_WIDTH, row.height).fill(fill).fillColor('#000');
    let x = PAGE.margin;
    row.lines.forEach((lines, index) => {
      const width = PDF_COLUMNS[index].width;
      lines.forEach((line, at) =>
        drawLine(
          doc,
          line,
          {
            x: x + CELL_PADDING,
            y: y + CELL_PADDING + 1 + at * LINE_HEIGHT,
            width: width - 2 * CELL_PADDING,
            height: LINE_HEIGHT,
          },
          style,
        ),
      );
      x += width;
    });
    y += row.height;
  }

  function tableHead() {
    drawRow(layoutRow(headings, HEAD), HEAD, '#dee2e6');
  }

  async function write() {
    const summary = filterSummary(options.filter, options);
    const printed = formatReceiptDateTime(options.now, options.timeZone, options.language);
    await prepareFonts(doc, [title, ...headings], ['bold']);
    await prepareFonts(doc, [summary, printed, labels.total], ['regular']);
    writeText(doc, title, { size: 14, weight: 'bold' });
    doc.fillColor('#444');
    writeText(doc, [printed, summary].filter(Boolean).join(' · '), { size: 9 });
    doc.fillColor('#000').moveDown(0.5);
    y = doc.y;
    tableHead();
    let count = 0;
    for await (const batch of memberExportBatches(db, options.filter, options.today)) {
      const rows = batch.map((row, index) => pdfCells(row, count + 1 + index, options));
      await prepareFonts(doc, rows.flat(), ['regular']);
      for (const cells of rows) {
        const row = layoutRow(cells, CELL);
        if (y + row.height > PAGE.height - PAGE.margin) {
          doc.addPage();
          y = PAGE.margin;
          tableHead();
        }
        count += 1;
        drawRow(row, CELL, count % 2 === 0 ? '#f1f3f5' : undefined);
      }
    }
    doc.x = PAGE.margin;
    doc.y = y + 6;
    writeText(doc, labels.total.replace('{count}', String(count)), { size: 9 });
    doc.end();
  }
  write().catch((error: unknown) => doc.destroy(error instanceof Error ? error : undefined));
  return doc;
}
