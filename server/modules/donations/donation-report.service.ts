/**
 * The donation report (issue 15): confirmed donations created in a range of days, oldest first,
 * each gift gross (donations carry no service charge) and their total. The download reads the
 * same rows in keyset-paged batches and ends with the total row.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { PAYMENT_STATUS_DONE } from '../../../domain/constants';
import type { TDonationReport, TDonationReportRow } from '../../../domain/contracts/donations';
import { centsToDecimal } from '../../../domain/money';
import type { TDbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import { dedicationOf } from '../payments/kinds/donation.kind';
import { createdWithin, type TReportRange } from '../reports/report-range';
import {
  afterCursor,
  createdAtText,
  keysetBatches,
  REPORT_BATCH_SIZE,
  type TCursor,
} from '../reports/reports.service';

function donationQuery(db: TDbOrTx, range: TReportRange, cursor: TCursor | null) {
  const where: SQL | undefined = and(
    eq(payments.kind, 'donation'),
    eq(payments.status, PAYMENT_STATUS_DONE),
    createdWithin(range),
    afterCursor(cursor),
  );
  return db
    .select({
      id: payments.id,
      memberName: payments.memberName,
      email: payments.email,
      contact: payments.contact,
      details: payments.details,
      transactionId: payments.transactionId,
      amountCents: payments.amountCents,
      createdAt: payments.createdAt,
      createdAtText,
    })
    .from(payments)
    .where(where)
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .$dynamic();
}

type TDonationDbRow = Awaited<ReturnType<typeof donationQuery>>[number];

function presentDonationRow(row: TDonationDbRow): TDonationReportRow {
  return {
    id: row.id,
    donorName: row.memberName ?? '',
    email: row.email,
    contact: row.contact ?? '',
    dedication: dedicationOf(row),
    transactionID: row.transactionId,
    price: centsToDecimal(row.amountCents),
    created_at: row.createdAt.toISOString(),
  };
}

export async function donationReport(db: TDbOrTx, range: TReportRange): Promise<TDonationReport> {
  const rows = await donationQuery(db, range, null);
  const totalCents = rows.reduce((sum, row) => sum + row.amountCents, 0);
  return { success: rows.map(presentDonationRow), total: centsToDecimal(totalCents) };
}

/** A row of the spreadsheet: a donation, or the closing total. */
export type TDonationSheetRow = TDonationReportRow | { total: string };

/** The spreadsheet's rows in batches, then the total of every gift. */
export async function* donationSheetBatches(
  db: TDbOrTx,
  range: TReportRange,
): AsyncGenerator<TDonationSheetRow[]> {
  let totalCents = 0;
  for await (const batch of keysetBatches((cursor) =>
    donationQuery(db, range, cursor).limit(REPORT_BATCH_SIZE),
  )) {
    for (const row of batch) totalCents += row.amountCents;
    yield batch.map(presentDonationRow);
  }
  yield [{ total: centsToDecimal(totalCents) }];
}
