import { describe, expect, it } from 'vitest';
import { chartMonths, windowStartOf } from './chart-months';

describe('chartMonths', () => {
  it('answers the twelve months ending with the current one, oldest first, across a new year', () => {
    const months = chartMonths('2026-02-14');
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-03');
    expect(months.slice(-3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(windowStartOf(months)).toBe('2025-03-01');
  });

  it('starts in January of the same year when today is in December', () => {
    expect(chartMonths('2026-12-31')).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
  });
});
