import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import ja from './locales/ja.json';
import zh from './locales/zh.json';
import { createTranslator } from './translator';

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

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** The keys English counts with ("renewal.keep.description" for its _one/_other forms). */
const pluralBases = [
  ...new Set(
    [...english.keys()]
      .filter((k) => PLURAL_SUFFIX.test(k))
      .map((k) => k.replace(PLURAL_SUFFIX, '')),
  ),
];
const catalogs: Record<string, TTree> = { en, ...others };

function translatorWith(languages: Record<string, TTree>) {
  const translator = createTranslator();
  for (const [code, catalog] of Object.entries(languages)) translator.addCatalog(code, catalog);
  return translator;
}

describe('counted words', () => {
  it('English has counted sentences to check', () => {
    expect(pluralBases).toContain('renewal.keep.description');
  });

  for (const [code, catalog] of Object.entries(catalogs)) {
    it(`${code} has every plural form its language needs for counts 0 to 200`, () => {
      const entries = flatten(catalog);
      const rules = new Intl.PluralRules(code);
      for (const base of pluralBases) {
        for (let n = 0; n <= 200; n++) {
          expect(entries.has(`${base}_${rules.select(n)}`), `${code}:${base} for ${n}`).toBe(true);
        }
      }
    });
  }

  it('agrees in English: "1 dependent", "2 dependents"', () => {
    const { t } = translatorWith({ en });
    expect(t('renewal.keep.description', { count: 1, max: 6 })).toBe(
      'The family has 1 dependent; this plan keeps up to 6.',
    );
    expect(t('renewal.keep.description', { count: 2, max: 6 })).toBe(
      'The family has 2 dependents; this plan keeps up to 6.',
    );
    expect(t('family.edit.paidRoom', { count: 1 })).toBe('Up to 1 more dependent on this plan.');
  });

  it('agrees in French and German too', () => {
    const i18n = translatorWith({ fr, de });
    i18n.changeLanguage('fr');
    expect(i18n.t('family.edit.paidRoom', { count: 1 })).toContain('1 personne à charge de plus');
    expect(i18n.t('family.edit.paidRoom', { count: 3 })).toContain('3 personnes à charge de plus');
    i18n.changeLanguage('de');
    expect(i18n.t('renewal.keep.removed', { count: 1 })).toContain('1 Angehöriger');
  });
});

/** Every web source file, for the keys it names literally. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('no raw keys on screens', () => {
  it('every key a screen names in a literal t(...) call exists in English (or as its plural forms)', () => {
    const webDir = path.resolve(import.meta.dirname, '..');
    const missing: string[] = [];
    for (const file of sourceFiles(webDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) {
        const key = match[1];
        if (!english.has(key) && !english.has(`${key}_other`) && !isBranch(key)) {
          missing.push(`${path.relative(webDir, file)}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

/** A key naming a whole section (t('x', { returnObjects: true })) is not a string but is there. */
function isBranch(key: string): boolean {
  return [...english.keys()].some((k) => k.startsWith(`${key}.`));
}
