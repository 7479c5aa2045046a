/**
 * The report spreadsheets, streamed straight into the HTTP reply by the xlsx writer beside this
 * file: rows are written batch by batch and never held all at once. Columns and display mappings are
 * the screen's (spec 01 §2.5, §3): ticket kind labels, a table counted as 10, description labels,
 * dates in TIME_ZONE, prices as currency. Refunds (issue 15) add Refunded and Net after the
 * spec's columns, and a closing Total row sums the gross (Price), refunded and net amounts.
 */
import { PassThrough } from 'node:stream';
import type { TMemberReportRow, TTicketReportRow } from '../../../domain/contracts/reports';
import { parseMoney } from '../../../domain/money';
import {
  paymentDescriptionLabel,
  paymentMethodLabel,
  ticketKindLabel,
} from '../../../domain/display';
import { writeXlsx, type TCellValue, type TXlsxColumn } from './xlsx-writer';

export const CURRENCY = '"$"#,##0.00';
const DAY = 'd mmm yyyy';
export const DAY_TIME = 'd mmm yyyy h:mm AM/PM';

/**
 * A cell text that a spreadsheet would run as a formula (= + - @, tab, carriage return) gets a
 * leading apostrophe: a buyer's name must never become a formula on the treasurer's machine.
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const OFFSET_BUCKET_MS = 15 * 60_000;

/**
 * Excel dates carry no zone: an instant is written as its wall-clock time in TIME_ZONE, as if it
 * were UTC. Intl's formatToParts costs ~25 µs, too much for 100,000 rows, so the zone's offset is
 * looked up once per quarter hour (every zone changes its offset on a quarter-hour boundary).
 */
export function wallClockConverter(timeZone: string): (instantIso: string) => Date {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsets = new Map<number, number>();
  const offsetAt = (bucketStart: number): number => {
    const parts: Record<string, number> = {};
    for (const part of formatter.formatToParts(new Date(bucketStart)))
      parts[part.type] = Number(part.value);
    return (
      Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) -
      bucketStart
    );
  };
  return (instantIso) => {
    const instant = Date.parse(instantIso);
    const bucket = Math.floor(instant / OFFSET_BUCKET_MS) * OFFSET_BUCKET_MS;
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      offset = offsetAt(bucket);
      offsets.set(bucket, offset);
    }
    return new Date(instant + offset);
  };
}

function calendarDay(isoDate: string): Date | string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? new Date(`${isoDate}T00:00:00Z`) : isoDate;
}

/** The money of a report row, as the wire carries it. */
export interface TRowMoney {
  price: string;
  refunded: string;
  net: string;
}

export interface TSheetSpec<TRow extends TRowMoney> {
  sheetName: string;
  columns: TXlsxColumn[];
  toValues(row: TRow, wallClock: (instantIso: string) => Date): TCellValue[];
}

const MONEY_KEYS = ['price', 'refunded', 'net'] as const;

export const REFUND_COLUMNS: TXlsxColumn[] = [
  { header: 'Refunded', width: 12, numFmt: CURRENCY },
  { header: 'Net', width: 12, numFmt: CURRENCY },
];

export function refundValues(row: TRowMoney): TCellValue[] {
  return [Number(row.refunded), Number(row.net)];
}

/**
 * The closing row: 'Total' in the first column and the sums under Price, Refunded and Net
 * (found by header; the donation sheet calls its price Gross), added up in cents so no float rounding shows.
 */
function totalRow(columns: TXlsxColumn[], sums: Record<keyof TRowMoney, number>): TCellValue[] {
  const at: Record<string, keyof TRowMoney> = {
    Price: 'price',
    Gross: 'price',
    Refunded: 'refunded',
    Net: 'net',
  };
  return columns.map((column, i) => {
    const key = at[column.header];
    if (key) return sums[key] / 100;
    return i === 0 ? 'Total' : null;
  });
}

export const TICKET_SHEET: TSheetSpec<TTicketReportRow> = {
  sheetName: 'Event Ticket Payments',
  columns: [
    { header: 'Member Name', width: 24 },
    { header: 'Email', width: 30 },
    { header: 'Ticket', width: 14 },
    { header: 'Transaction Id', width: 32 },
    { header: 'Event', width: 34 },
    { header: 'Tickets', width: 9 },
    { header: 'Price', width: 12, numFmt: CURRENCY },
    { header: 'Event Date', width: 14, numFmt: DAY },
    { header: 'Created Date', width: 22, numFmt: DAY_TIME },
    { header: 'Paid By', width: 16 },
    ...REFUND_COLUMNS,
  ],
  toValues: (row, wallClock) => [
    neutralise(row.memberName),
    neutralise(row.email),
    ticketKindLabel(row.productName),
    neutralise(row.transactionID),
    neutralise(row.eventName),
    row.dependent,
    Number(row.price),
    calendarDay(row.eventDate),
    wallClock(row.created_at),
    neutralise(paymentMethodLabel(row.method, row.chequeNumber)),
    ...refundValues(row),
  ],
};

export const MEMBER_SHEET: TSheetSpec<TMemberReportRow> = {
  sheetName: 'Member Payments',
  columns: [
    { header: 'First Name', width: 18 },
    { header: 'Last Name', width: 18 },
    { header: 'Email', width: 30 },
    { header: 'Membership Plan', width: 26 },
    { header: 'Transaction Id', width: 32 },
    { header: 'Description', width: 22 },
    { header: 'Price', width: 12, numFmt: CURRENCY },
    { header: 'Created Date', width: 22, numFmt: DAY_TIME },
    { header: 'Paid By', width: 16 },
    ...REFUND_COLUMNS,
  ],
  toValues: (row, wallClock) => [
    neutralise(row.memberID.MemberFirstName),
    neutralise(row.memberID.MemberLastName),
    neutralise(row.email),
    neutralise(row.productName),
    neutralise(row.transactionID),
    paymentDescriptionLabel(row.description),
    Number(row.price),
    wallClock(row.created_at),
    neutralise(paymentMethodLabel(row.method, row.chequeNumber)),
    ...refundValues(row),
  ],
};

/**
 * Starts writing the workbook into a stream the caller sends as the reply. Batches are awaited
 * one at a time and the writer waits for the reader to drain, so a slow client slows the query
 * loop instead of filling memory; a client that goes away stops the reading.
 */
export function streamWorkbook<TRow extends TRowMoney>(
  spec: TSheetSpec<TRow>,
  batches: AsyncIterable<TRow[]>,
  timeZone: string,
  onError: (error: unknown) => void,
): PassThrough {
  const out = new PassThrough();
  const wallClock = wallClockConverter(timeZone);
  async function* rows() {
    const sums = { price: 0, refunded: 0, net: 0 };
    for await (const batch of batches) {
      for (const row of batch) for (const key of MONEY_KEYS) sums[key] += parseMoney(row[key]) ?? 0;
      yield batch.map((row) => spec.toValues(row, wallClock));
    }
    yield [totalRow(spec.columns, sums)];
  }
  writeXlsx(out, { name: spec.sheetName, columns: spec.columns }, rows()).then(
    () => out.end(),
    (error: unknown) => {
      onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return out;
}
