/**
 * The donation report (issue 15): paid donations created in a range of days, oldest first, each
 * gift gross (donations carry no service charge), refunded and net like the payment reports, and
 * their gross total. The download reads the
 * same rows in keyset-paged batches and ends with the total row.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { TDonationReport, TDonationReportRow } from '../../../domain/contracts/donations';
import { centsToDecimal } from '../../../domain/money';
import type { TDbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import { dedicationOf } from '../payments/kinds/donation.kind';
import { refundedCentsOf, refundTotals } from '../payments/refunded-cents';
import { createdWithin, type TReportRange } from '../reports/report-range';
import {
  afterCursor,
  createdAtText,
  keysetBatches,
  moneyOf,
  REPORT_BATCH_SIZE,
  wasPaid,
  type TCursor,
} from '../reports/reports.service';

function donationQuery(db: TDbOrTx, range: TReportRange, cursor: TCursor | null) {
  const where: SQL | undefined = and(
    eq(payments.kind, 'donation'),
    wasPaid,
    createdWithin(range),
    afterCursor(cursor),
  );
  const refunded = refundTotals(db);
  return db
    .select({
      id: payments.id,
      memberName: payments.memberName,
      email: payments.email,
      contact: payments.contact,
      details: payments.details,
      transactionId: payments.transactionId,
      amountCents: payments.amountCents,
      refundedCents: refundedCentsOf(refunded),
      status: payments.status,
      createdAt: payments.createdAt,
      createdAtText,
    })
    .from(payments)
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
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
    ...moneyOf(row),
    created_at: row.createdAt.toISOString(),
  };
}

export async function donationReport(db: TDbOrTx, range: TReportRange): Promise<TDonationReport> {
  const rows = await donationQuery(db, range, null);
  const totalCents = rows.reduce((sum, row) => sum + row.amountCents, 0);
  return { success: rows.map(presentDonationRow), total: centsToDecimal(totalCents) };
}

/** The spreadsheet's rows in batches (the workbook writer closes them with the totals row). */
export async function* donationSheetBatches(
  db: TDbOrTx,
  range: TReportRange,
): AsyncGenerator<TDonationReportRow[]> {
  for await (const batch of keysetBatches((cursor) =>
    donationQuery(db, range, cursor).limit(REPORT_BATCH_SIZE),
  ))
    yield batch.map(presentDonationRow);
}
