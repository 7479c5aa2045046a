import { describe, expect, it } from 'vitest';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import ja from './locales/ja.json';
import zh from './locales/zh.json';

type TTree = { [key: string]: string | TTree };

function flatten(tree: TTree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const english = flatten(en);
const others: Record<string, TTree> = { zh, es, ja, de, fr };

describe('translation catalogs', () => {
  it('English has no empty strings', () => {
    for (const [key, text] of english) expect(text.trim(), key).not.toBe('');
  });

  for (const [code, catalog] of Object.entries(others)) {
    const entries = flatten(catalog);

    it(`${code} has exactly the English keys`, () => {
      expect([...entries.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it(`${code} keeps every placeholder and leaves no string empty`, () => {
      for (const [key, text] of entries) {
        expect(text.trim(), `${code}:${key}`).not.toBe('');
        expect(placeholders(text), `${code}:${key}`).toEqual(placeholders(english.get(key) ?? ''));
      }
    });
  }
});
