/** The chart window: the twelve calendar months ending with the one `today` is in, oldest first. */
import { CHART_MONTHS } from '../../../domain/contracts/charts';

export function chartMonths(today: string, months = CHART_MONTHS): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const list: string[] = [];
  for (let back = months - 1; back >= 0; back--) {
    const index = year * 12 + (month - 1) - back;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    list.push(`${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`);
  }
  return list;
}

/** The first day of the window, 'YYYY-MM-01'. */
export function windowStartOf(months: readonly string[]): string {
  return `${months[0]}-01`;
}
