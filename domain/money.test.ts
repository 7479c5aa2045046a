import { describe, expect, it } from 'vitest';
import {
  decimalForInput,
  decimalFromInput,
  decimalMark,
  formatMoney,
  formatNumber,
  parseMoney,
} from './money';

describe('money and numbers in the reader language', () => {
  it('shows dollars the spec way in English', () => {
    expect(formatMoney(15450)).toBe('$154.50');
    expect(formatMoney(123456789, 'en')).toBe('$1,234,567.89');
  });

  it('follows each language own conventions for the same amount', () => {
    expect(formatMoney(123450, 'de')).toBe('1.234,50\u00a0$');
    expect(formatMoney(123450, 'fr')).toBe('1\u202f234,50\u00a0$US');
    expect(formatMoney(123450, 'ja')).toBe('$1,234.50');
    expect(formatNumber(12345, 'de')).toBe('12.345');
    expect(formatNumber(12345, 'en')).toBe('12,345');
  });
});

describe('compact amounts for chart axes', () => {
  it('shortens thousands', async () => {
    const { formatCompactMoney } = await import('./money');
    expect(formatCompactMoney(150000)).toBe('$1.5K');
    expect(formatCompactMoney(0)).toBe('$0');
    expect(formatCompactMoney(1234500, 'de')).toBe('12.345\u00a0$');
    expect(formatCompactMoney(123456789)).toBe('$1.2M');
  });

  it('groups the digits of thousands a language does not shorten', async () => {
    const { formatCompactMoney } = await import('./money');
    expect(formatCompactMoney(150000, 'de')).toBe('1.500\u00a0$');
    expect(formatCompactMoney(600000, 'ja')).toBe('$6,000');
  });
});

describe('amounts typed in the reader language', () => {
  it("knows each language's decimal mark", () => {
    expect(['en', 'de', 'fr', 'es', 'ja', 'zh'].map((language) => decimalMark(language))).toEqual([
      '.',
      ',',
      ',',
      ',',
      '.',
      '.',
    ]);
  });

  it('shows a wire amount with that mark, and reads it back to the wire', () => {
    expect(decimalForInput('75.00', 'de')).toBe('75,00');
    expect(decimalForInput('75.00', 'en')).toBe('75.00');
    expect(decimalForInput('', 'fr')).toBe('');
    for (const language of ['en', 'de', 'fr', 'es', 'ja', 'zh']) {
      for (const wire of ['0.00', '12.5', '100', '1000000.00', '']) {
        expect(decimalFromInput(decimalForInput(wire, language), language)).toBe(wire);
      }
    }
  });

  it('takes a typed comma as the mark in German, and a point too', () => {
    expect(parseMoney(decimalFromInput('75,50', 'de'))).toBe(7550);
    expect(parseMoney(decimalFromInput('75.50', 'de'))).toBe(7550);
    expect(parseMoney(decimalFromInput('75,50', 'en'))).toBeNull();
    expect(parseMoney(decimalFromInput('1.234,50', 'de'))).toBeNull();
  });
});
