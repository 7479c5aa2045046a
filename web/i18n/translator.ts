/**
 * The interface's translator: the part of i18next this app uses, as small as it can be (i18next
 * and react-i18next were 16 KB of the first visit's JavaScript, gzipped). What it does, the
 * same as i18next does it with this app's settings (translator.test.ts holds it against
 * i18next over every key of every catalog):
 *
 * - keys are dotted paths into one catalog per language (`events.list.title`);
 * - a missing key falls back to English, then shows the key itself;
 * - `{{name}}` takes `name` from the options, unescaped (React escapes); one not given stays;
 *   a number shows in the chosen language's digits and separators ("1,500", "1.500", "2,5"),
 *   where i18next shows `String(n)` and every screen had to remember to format it (a year or
 *   a code is passed as text);
 * - `count` picks the language's plural form, `key_one` / `key_other` (Intl.PluralRules),
 *   trying `key_zero` for 0, then the key without a suffix.
 *
 * Keys and options are typed by i18next's own `TFunction` (i18next.d.ts), so a misspelt key
 * still fails the type check; i18next itself is a type (and test) dependency only.
 */
import type { TFunction } from 'i18next';
import { formatNumber } from '../../domain/money';

export type TCatalogTree = { [key: string]: string | TCatalogTree };

type TLookup = string | TCatalogTree | undefined;

const FALLBACK_LANGUAGE = 'en';
const PLACEHOLDER = /{{\s*([^{}\s]+)\s*}}/g;

function lookUp(tree: TCatalogTree | undefined, key: string): TLookup {
  let node: TLookup = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Object.prototype.hasOwnProperty.call(node, part) ? node[part] : undefined;
  }
  return node;
}

function deepMerge(target: TCatalogTree, source: TCatalogTree): TCatalogTree {
  const merged: TCatalogTree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = merged[key];
    merged[key] =
      typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value;
  }
  return merged;
}

function interpolate(text: string, values: Record<string, unknown>, language: string): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) return placeholder;
    if (typeof value === 'number') return formatNumber(value, language);
    return value === null ? '' : String(value);
  });
}

export function createTranslator() {
  const catalogs = new Map<string, TCatalogTree>();
  const pluralRules = new Map<string, Intl.PluralRules>();
  const listeners = new Set<() => void>();
  let language = FALLBACK_LANGUAGE;
  // A new function with each language and catalog change, as react-i18next's was: a component
  // that memoizes on `t` computes again.
  let t = fixedT();

  function fixedT(): TFunction {
    return ((key: string, options?: Record<string, unknown>) =>
      translate(key, options)) as unknown as TFunction;
  }

  function changed() {
    t = fixedT();
    for (const listener of listeners) listener();
  }

  function pluralForm(code: string, count: number): string {
    let rules = pluralRules.get(code);
    if (!rules) {
      rules = new Intl.PluralRules(code);
      pluralRules.set(code, rules);
    }
    return rules.select(count);
  }

  function find(code: string, key: string, count: unknown): string | undefined {
    const catalog = catalogs.get(code);
    const candidates: string[] = [];
    if (typeof count === 'number') {
      if (count === 0) candidates.push(`${key}_zero`);
      candidates.push(`${key}_${pluralForm(code, count)}`);
    }
    candidates.push(key);
    for (const candidate of candidates) {
      const found = lookUp(catalog, candidate);
      if (typeof found === 'string') return found;
    }
    return undefined;
  }

  function translate(key: string, options: Record<string, unknown> = {}): string {
    const codes = language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
    for (const code of codes) {
      const text = find(code, key, options.count);
      if (text !== undefined) return interpolate(text, options, language);
    }
    return key;
  }

  return {
    /** The chosen language's code ('en', 'fr', …). */
    get language() {
      return language;
    },
    get t() {
      return t;
    },
    /** Adds to (or overrides part of) a language's catalog. */
    addCatalog(code: string, catalog: TCatalogTree) {
      const current = catalogs.get(code);
      catalogs.set(code, current ? deepMerge(current, catalog) : catalog);
      changed();
    },
    hasCatalog(code: string): boolean {
      return catalogs.has(code);
    },
    changeLanguage(code: string) {
      if (code === language) return;
      language = code;
      changed();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type TTranslator = ReturnType<typeof createTranslator>;
