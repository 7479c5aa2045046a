import type { TMemberReportRow } from '../../../domain/contracts/reports';
import { centsToDecimal, parseMoney } from '../../../domain/money';
import type { TRefundable } from '../refunds/refund-amounts';

type TMoneyRow = Pick<
  TMemberReportRow,
  'transactionID' | 'price' | 'refunded' | 'net' | 'refundState'
>;

/** Gross, refunded and net of the rows shown, summed in cents, as the wire's decimal strings. */
export function reportTotals(rows: readonly TMoneyRow[]): {
  gross: string;
  refunded: string;
  net: string;
} {
  const sum = (pick: (row: TMoneyRow) => string) =>
    centsToDecimal(rows.reduce((total, row) => total + (parseMoney(pick(row)) ?? 0), 0));
  return {
    gross: sum((row) => row.price),
    refunded: sum((row) => row.refunded),
    net: sum((row) => row.net),
  };
}

/** A report row as the refund controls read a payment (the report holds paid payments only). */
export function refundableOf(row: TMoneyRow): TRefundable {
  return {
    transactionID: row.transactionID,
    status: row.refundState === 'full' ? 'refunded' : 'payment done',
    price: row.price,
    refunded: row.refunded,
  };
}
