import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/constants';
import { DAYJS_LOCALES, loadDayjsLocale, pickerValueFormat } from './dates-locale';

describe('date pickers in the chosen language', () => {
  it('keeps the screen spec shape in English and the language own medium date elsewhere', () => {
    expect(pickerValueFormat('en', 'MMM D, YYYY')).toBe('MMM D, YYYY');
    expect(pickerValueFormat('fr', 'MMM D, YYYY')).toBe('ll');
  });

  it('loads a dayjs locale for every language offered, so pickers do not show English dates', async () => {
    const day = dayjs('2026-11-23');
    for (const { code } of LANGUAGES) {
      await loadDayjsLocale(code);
      const shown = day.locale(DAYJS_LOCALES[code]).format(pickerValueFormat(code, 'MMM D, YYYY'));
      if (code === 'en') expect(shown).toBe('Nov 23, 2026');
      else expect(shown, code).not.toBe('Nov 23, 2026');
    }
    expect(day.locale('fr').format('ll')).toBe('23 nov. 2026');
    expect(day.locale('de').format('ll')).toBe('23. Nov. 2026');
    expect(day.locale('zh-cn').format('ll')).toBe('2026年11月23日');
  });
});
