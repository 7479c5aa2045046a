/**
 * A report's date range (spec 01 §5): both days required, neither after today in TIME_ZONE, both
 * ends included. The start not after the end is checked too: an empty report for a reversed
 * range would only confuse.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ZReportRange } from '../../../domain/contracts/reports';
import { toCalendarDate } from '../../../domain/dates';
import { payments } from '../../db/schema';
import { invalid, type TFieldErrors } from '../../lib/errors';

export interface TReportRange {
  startDate: string;
  endDate: string;
  timeZone: string;
}

export function parseReportRange(input: unknown, now: Date, timeZone: string): TReportRange {
  const parsed = ZReportRange.safeParse(input);
  const fields: TFieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      fields[String(issue.path[0] ?? 'request')] ??= issue.message;
    throw invalid('Some fields are not valid.', fields);
  }
  const { startDate, endDate } = parsed.data;
  const today = toCalendarDate(now, timeZone);
  if (startDate > today) fields.startDate = 'Start date cannot be after today.';
  if (endDate > today) fields.endDate = 'End date cannot be after today.';
  if (!fields.endDate && startDate > endDate)
    fields.endDate = 'End date cannot be before the start date.';
  if (Object.keys(fields).length > 0) throw invalid('Some fields are not valid.', fields);
  return { startDate, endDate, timeZone };
}

/**
 * `created_at` within the range's days in the association's zone. PostgreSQL turns the local
 * midnights into instants (DST included), and the bounds are constants, so the index serves it.
 */
export function createdWithin(range: TReportRange): SQL {
  const from = sql`(${range.startDate}::date::timestamp at time zone ${range.timeZone})`;
  const to = sql`((${range.endDate}::date + 1)::timestamp at time zone ${range.timeZone})`;
  return sql`${payments.createdAt} >= ${from} and ${payments.createdAt} < ${to}`;
}
