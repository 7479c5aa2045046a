import type { TSheetSpec } from '../reports/report-workbook';
import { CURRENCY, DAY_TIME, neutralise } from '../reports/report-workbook';
import type { TDonationSheetRow } from './donation-report.service';

/** The donation spreadsheet: one row per gift (gross), then the total under the amounts. */
export const DONATION_SHEET: TSheetSpec<TDonationSheetRow> = {
  sheetName: 'Donations',
  columns: [
    { header: 'Donor', width: 24 },
    { header: 'Email', width: 30 },
    { header: 'Phone', width: 16 },
    { header: 'Dedication', width: 36 },
    { header: 'Transaction Id', width: 32 },
    { header: 'Gross', width: 12, numFmt: CURRENCY },
    { header: 'Created Date', width: 22, numFmt: DAY_TIME },
  ],
  toValues: (row, wallClock) =>
    'total' in row
      ? ['Total', null, null, null, null, Number(row.total), null]
      : [
          neutralise(row.donorName),
          neutralise(row.email),
          neutralise(row.contact),
          neutralise(row.dedication),
          neutralise(row.transactionID),
          Number(row.price),
          wallClock(row.created_at),
        ],
};
