import type { TSheetSpec } from '../reports/report-workbook';
import {
  CURRENCY,
  DAY_TIME,
  neutralise,
  REFUND_COLUMNS,
  refundValues,
} from '../reports/report-workbook';
import type { TDonationReportRow } from '../../../domain/contracts/donations';

/** The donation spreadsheet: one row per gift (gross, refunded, net), then the totals row. */
export const DONATION_SHEET: TSheetSpec<TDonationReportRow> = {
  sheetName: 'Donations',
  columns: [
    { header: 'Donor', width: 24 },
    { header: 'Email', width: 30 },
    { header: 'Phone', width: 16 },
    { header: 'Dedication', width: 36 },
    { header: 'Transaction Id', width: 32 },
    { header: 'Gross', width: 12, numFmt: CURRENCY },
    { header: 'Created Date', width: 22, numFmt: DAY_TIME },
    ...REFUND_COLUMNS,
  ],
  toValues: (row, wallClock) => [
    neutralise(row.donorName),
    neutralise(row.email),
    neutralise(row.contact),
    neutralise(row.dedication),
    neutralise(row.transactionID),
    Number(row.price),
    wallClock(row.created_at),
    ...refundValues(row),
  ],
};
