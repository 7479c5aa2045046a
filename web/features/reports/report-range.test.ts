import { describe, expect, it } from 'vitest';
import { completeRange } from './report-range';

const today = '2026-05-20';

describe('completeRange', () => {
  it('is ready once both dates are chosen', () => {
    expect(completeRange({ startDate: '2026-05-01', endDate: '2026-05-20' }, today)).toEqual({
      startDate: '2026-05-01',
      endDate: '2026-05-20',
    });
  });

  it('accepts a range of one day', () => {
    expect(completeRange({ startDate: today, endDate: today }, today)).not.toBeNull();
  });

  it('is not ready while either date is missing', () => {
    expect(completeRange({ startDate: '2026-05-01', endDate: null }, today)).toBeNull();
    expect(completeRange({ startDate: null, endDate: '2026-05-01' }, today)).toBeNull();
  });

  it('refuses a date after today', () => {
    expect(completeRange({ startDate: '2026-05-01', endDate: '2026-05-21' }, today)).toBeNull();
  });

  it('refuses a start after the end', () => {
    expect(completeRange({ startDate: '2026-05-10', endDate: '2026-05-01' }, today)).toBeNull();
  });

  it('refuses text that is not a calendar date', () => {
    expect(completeRange({ startDate: '2026-02-30', endDate: '2026-03-01' }, today)).toBeNull();
  });
});
