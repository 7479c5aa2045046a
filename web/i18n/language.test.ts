import { describe, expect, it } from 'vitest';
import { pickLanguage, toLanguageCode } from './language';

describe('language choice', () => {
  it('reads the stored legacy codes "ch" and "jp" as "zh" and "ja"', () => {
    expect(pickLanguage('ch')).toBe('zh');
    expect(pickLanguage('jp')).toBe('ja');
  });

  it('keeps a stored standard code', () => {
    for (const code of ['en', 'zh', 'es', 'ja', 'de', 'fr']) expect(pickLanguage(code)).toBe(code);
  });

  it('prefers the stored choice over the browser languages', () => {
    expect(pickLanguage('de', ['fr-FR'])).toBe('de');
  });

  it('falls back to the first browser language offered, then English', () => {
    expect(pickLanguage(null, ['pt-BR', 'es-MX', 'fr'])).toBe('es');
    expect(pickLanguage('xx', ['pt-BR'])).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });

  it('reads region tags by their base language', () => {
    expect(toLanguageCode('zh-TW')).toBe('zh');
    expect(toLanguageCode('JA_jp')).toBe('ja');
    expect(toLanguageCode('')).toBeNull();
  });
});
