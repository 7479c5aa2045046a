import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { formatCalendarDate, formatMoney, formatReceiptDateTime, formatTableDate } from './format';

const zone = 'America/Chicago';

afterAll(() => {
  i18n.changeLanguage('en');
});

describe('formatters in the chosen language', () => {
  it('keeps the spec English formats in English', () => {
    i18n.changeLanguage('en');
    expect(formatReceiptDateTime('2026-11-22T21:05:00Z', zone)).toBe('Nov 22 2026, 3:05 PM');
    expect(formatCalendarDate('2026-11-23')).toBe('Nov 23, 2026');
    expect(formatMoney(15450)).toBe('$154.50');
  });

  it('follows the language once it changes: no English month on the Chinese event page', () => {
    i18n.changeLanguage('zh');
    expect(formatCalendarDate('2026-11-23')).toBe('2026年11月23日');
    expect(formatCalendarDate('2026-11-23')).not.toMatch(/Nov/);
    i18n.changeLanguage('fr');
    expect(formatTableDate('2026-11-23', zone)).toBe('23 nov. 2026');
    expect(formatMoney(15450)).toBe('154,50\u00a0$US');
  });
});
