/**
 * Member exports (spec 02 §2.7): the spreadsheet (CSV) of all, active or inactive members, and the
 * member table as a PDF (A4 portrait), all members or the list screen's filter and search. Rows
 * are read from the database a page at a time and written as they come, so 10,000 families never
 * sit in memory at once.
 */
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, gt } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { GIFT_RECEIVED } from '../../../domain/contracts/members';
import { formatCalendarDate, formatReceiptDateTime } from '../../../domain/dates';
import { fullName } from '../../../domain/display';
import { formatPhone } from '../../../domain/phone';
import type { TDbOrTx } from '../../db/client';
import { members } from '../../db/schema';
import { drawLine, prepareFonts, type TPdfTextStyle, writeText } from '../../lib/pdf-fonts';
import { neutralise } from '../reports/report-workbook';
import { exportLabels, type TExportLabelKey, type TExportLanguage } from './member-export-labels';
import { filterCondition, selectWithPlan, type TMemberListFilter } from './members.service';
import { isInForce, type TMemberWithPlan } from './members.presenter';

export const EXPORT_BATCH_SIZE = 1000;

/** Which members: the list screen's filter without its paging. Empty: every member. */
export type TExportFilter = Omit<TMemberListFilter, 'page' | 'pageSize'>;

export interface TExportOptions {
  filter: TExportFilter;
  language: TExportLanguage;
  /** The association's calendar day: who is in force. */
  today: string;
}

/** The members in FamilyID order by id, one page of the database at a time (keyset paging). */
export async function* memberExportBatches(
  db: TDbOrTx,
  filter: TExportFilter,
  today: string,
): AsyncGenerator<TMemberWithPlan[]> {
  const where = filterCondition({ ...filter, page: 1, pageSize: EXPORT_BATCH_SIZE }, today);
  const page = (afterId: number) =>
    selectWithPlan(db)
      .where(and(where, gt(members.id, afterId)))
      .orderBy(asc(members.id))
      .limit(EXPORT_BATCH_SIZE);
  let pending: Promise<TMemberWithPlan[]> | null = page(0);
  while (pending) {
    const rows: TMemberWithPlan[] = await pending;
    if (rows.length === 0) return;
    pending = rows.length < EXPORT_BATCH_SIZE ? null : page(rows[rows.length - 1].member.id);
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

function csvRecord({ member, plan }: TMemberWithPlan, options: TExportOptions): string[] {
  const labels = exportLabels(options.language);
  const date = (value: string | null) => formatCalendarDate(value, options.language);
  return [
    member.familyPlanId ?? '',
    member.firstName,
    member.lastName,
    plan?.membershipType ?? '',
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
  async function* records() {
    for await (const batch of memberExportBatches(db, options.filter, options.today))
      for (const row of batch) yield csvRecord(row, options);
  }
  const csv = stringify({
    bom: true,
    header: true,
    columns: CSV_COLUMNS.map((key) => ({ key, header: neutralise(labels[key]) })),
    record_delimiter: 'windows',
  });
  return pipeline(Readable.from(records()), csv, () => undefined);
}

// A4 portrait in points, with the table's columns (the list screen's, less photo and actions)
const PAGE = { margin: 36, width: 595.28, height: 841.89 };
const TABLE_WIDTH = PAGE.width - 2 * PAGE.margin;
const PDF_COLUMNS: ReadonlyArray<{ key: TExportLabelKey; width: number }> = [
  { key: 'sno', width: 28 },
  { key: 'type', width: 54 },
  { key: 'familyId', width: 46 },
  { key: 'name', width: 90 },
  { key: 'email', width: 110 },
  { key: 'phone', width: 64 },
  { key: 'address', width: 79 },
  { key: 'gift', width: 26 },
  { key: 'active', width: 26 },
];
const ROW_HEIGHT = 15;
const CELL: TPdfTextStyle = { size: 7.5 };
const HEAD: TPdfTextStyle = { size: 7.5, weight: 'bold' };

function addressOf(member: TMemberWithPlan['member']): string {
  const place = [member.city, [member.state, member.zipcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [member.street, place].filter(Boolean).join(', ');
}

function pdfCells(row: TMemberWithPlan, index: number, options: TExportOptions): string[] {
  const labels = exportLabels(options.language);
  const { member, plan } = row;
  return [
    String(index),
    plan?.membershipType ?? '',
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
export function memberPdfStream(db: TDbOrTx, options: TPdfExportOptions): PDFKit.PDFDocument {
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

  function drawRow(cells: readonly string[], style: TPdfTextStyle, shaded: boolean) {
    if (shaded) doc.rect(PAGE.margin, y, TABLE_WIDTH, ROW_HEIGHT).fill('#f1f3f5').fillColor('#000');
    let x = PAGE.margin;
    cells.forEach((cell, index) => {
      const width = PDF_COLUMNS[index].width;
      drawLine(doc, cell, { x: x + 2, y: y + 4, width: width - 4, height: ROW_HEIGHT - 4 }, style);
      x += width;
    });
    y += ROW_HEIGHT;
  }

  function tableHead() {
    doc.rect(PAGE.margin, y, TABLE_WIDTH, ROW_HEIGHT).fill('#dee2e6').fillColor('#000');
    drawRow(headings, HEAD, false);
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
        if (y + ROW_HEIGHT > PAGE.height - PAGE.margin) {
          doc.addPage();
          y = PAGE.margin;
          tableHead();
        }
        count += 1;
        drawRow(cells, CELL, count % 2 === 0);
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
