import { describe, expect, it } from 'vitest';
import { languageOfRequest } from './language';

describe('the language a request asks for', () => {
  it('takes the chosen language the web app sends', () => {
    expect(languageOfRequest('fr')).toBe('fr');
    expect(languageOfRequest('ja')).toBe('ja');
  });

  it('reads a browser header by weight, with regions and the spec codes', () => {
    expect(languageOfRequest('zh-CN,zh;q=0.9,en;q=0.5')).toBe('zh');
    expect(languageOfRequest('pt-BR, de;q=0.4, es;q=0.8')).toBe('es');
    expect(languageOfRequest('jp')).toBe('ja');
    expect(languageOfRequest('de;q=0, fr;q=0.1')).toBe('fr');
  });

  it('falls back to English', () => {
    expect(languageOfRequest(undefined)).toBe('en');
    expect(languageOfRequest('')).toBe('en');
    expect(languageOfRequest('pt-BR,it')).toBe('en');
    expect(languageOfRequest(['it', 'de-AT'])).toBe('de');
  });
});
