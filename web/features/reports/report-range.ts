import { ZReportRange, type TReportRange } from '../../../domain/contracts/reports';

/** The pickers' values: 'YYYY-MM-DD' or null while empty. */
export interface TRangeDraft {
  startDate: string | null;
  endDate: string | null;
}

export const EMPTY_RANGE: TRangeDraft = { startDate: null, endDate: null };

/** The range to send, or null while the form is not valid (Submit stays disabled). */
export function completeRange(draft: TRangeDraft, today: string): TReportRange | null {
  const parsed = ZReportRange.safeParse(draft);
  if (!parsed.success) return null;
  const { startDate, endDate } = parsed.data;
  // Spec 01 §5: neither picker may go past today; the server refuses a start after the end.
  if (startDate > today || endDate > today || startDate > endDate) return null;
  return parsed.data;
}
