import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../domain/money';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import ja from './locales/ja.json';
import zh from './locales/zh.json';
import { createTranslator, type TCatalogTree } from './translator';

const catalogs: Record<string, TCatalogTree> = { en, zh, es, ja, de, fr };

function keysOf(tree: TCatalogTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : keysOf(value, path);
  });
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const englishKeys = keysOf(en);
// Every key as a screen names it: counted ones without their plural suffix.
const screenKeys = [...new Set(englishKeys.map((key) => key.replace(PLURAL_SUFFIX, '')))];

function valuesFor(key: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const code of Object.keys(catalogs)) {
    for (const variant of [key, `${key}_one`, `${key}_other`]) {
      const text = variant
        .split('.')
        .reduce<unknown>(
          (node, part) => (node as Record<string, unknown> | undefined)?.[part],
          catalogs[code],
        );
      if (typeof text !== 'string') continue;
      for (const match of text.matchAll(/{{\s*(\w+)\s*}}/g)) values[match[1]] = `<${match[1]}>`;
    }
  }
  return values;
}

async function i18nextIn(code: string) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: code,
    fallbackLng: 'en',
    resources: Object.fromEntries(
      Object.entries(catalogs).map(([lng, catalog]) => [lng, { translation: catalog }]),
    ),
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return instance;
}

function translatorIn(code: string) {
  const translator = createTranslator();
  for (const [lng, catalog] of Object.entries(catalogs)) translator.addCatalog(lng, catalog);
  translator.changeLanguage(code);
  return translator;
}

describe("the translator says what i18next said, numbers in the language's digits", () => {
  for (const code of Object.keys(catalogs)) {
    it(`for every key of ${code}, with and without its values and counts`, async () => {
      const reference = await i18nextIn(code);
      const { t } = translatorIn(code);
      const say = t as unknown as (key: string, options?: object) => string;
      const sayReference = reference.t as unknown as (key: string, options?: object) => string;
      for (const key of screenKeys) {
        const values = valuesFor(key);
        expect(say(key), `${code}:${key}`).toBe(sayReference(key));
        expect(say(key, values), `${code}:${key}`).toBe(sayReference(key, values));
        for (const count of [0, 1, 2, 5, 21, 1.5]) {
          const options = { ...values, count };
          // The one difference: the count shows in the language's digits ("1,5" in German)
          const expected = sayReference(key, options)
            .split(String(count))
            .join(formatNumber(count, code));
          expect(say(key, options), `${code}:${key} count ${count}`).toBe(expected);
        }
      }
    });
  }

  it('falls back to English for a key a catalog lacks, and shows an unknown key as is', async () => {
    const reference = await i18nextIn('fr');
    const translator = createTranslator();
    translator.addCatalog('en', en);
    translator.addCatalog('fr', { shell: { signIn: 'Se connecter' } });
    translator.changeLanguage('fr');
    const say = translator.t as unknown as (key: string) => string;
    expect(say('shell.signIn')).toBe('Se connecter');
    expect(say('shell.myArea')).toBe(reference.getFixedT('en')('shell.myArea'));
    expect(say('no.such.key')).toBe(reference.t('no.such.key' as never));
  });

  it('keeps a placeholder it was given no value for, as i18next does', async () => {
    const reference = await i18nextIn('en');
    const translator = createTranslator();
    translator.addCatalog('en', { greeting: 'Hello {{name}}, {{ other }}!' });
    const say = translator.t as unknown as (key: string, options?: object) => string;
    reference.addResourceBundle('en', 'translation', { greeting: 'Hello {{name}}, {{ other }}!' });
    const sayReference = reference.t as unknown as (key: string, options?: object) => string;
    expect(say('greeting', { name: 'Asha' })).toBe(sayReference('greeting', { name: 'Asha' }));
    expect(say('greeting', { name: 'Asha' })).toBe('Hello Asha, {{ other }}!');
  });

  it("shows a number in the language's digits and separators, and text as given", () => {
    const translator = createTranslator();
    const line = { seats: '{{count}} seats, {{percent}} %, since {{year}}' };
    translator.addCatalog('en', line);
    translator.addCatalog('de', line);
    const say = translator.t as unknown as (key: string, options?: object) => string;
    const values = { count: 1500, percent: 2.5, year: '2026' };
    expect(say('seats', values)).toBe('1,500 seats, 2.5 %, since 2026');
    translator.changeLanguage('de');
    expect(say('seats', values)).toBe('1.500 seats, 2,5 %, since 2026');
  });

  it('adds a catalog part to the one there, as the full English catalog arrives', () => {
    const translator = createTranslator();
    translator.addCatalog('en', { shell: { signIn: 'Sign in' } });
    const before = translator.t;
    translator.addCatalog('en', { shell: { myArea: 'My area' }, nav: { home: 'Home' } });
    const say = translator.t as unknown as (key: string) => string;
    expect(say('shell.signIn')).toBe('Sign in');
    expect(say('shell.myArea')).toBe('My area');
    expect(translator.t).not.toBe(before);
  });
});
