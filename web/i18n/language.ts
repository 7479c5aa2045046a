import { LANGUAGES, type TLanguageCode } from '../../domain/constants';

export const LANGUAGE_STORAGE_KEY = 'language';
export const DEFAULT_LANGUAGE: TLanguageCode = 'en';

/** The spec's own codes for Chinese and Japanese, still found in stored preferences. */
const LEGACY_CODES: Record<string, TLanguageCode> = { ch: 'zh', jp: 'ja' };

export function isLanguageCode(value: string): value is TLanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

/** Reads a stored or browser language tag ("fr", "ch", "zh-TW", "de-AT") as one of ours. */
export function toLanguageCode(value: string | null | undefined): TLanguageCode | null {
  if (!value) return null;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  const code = LEGACY_CODES[base] ?? base;
  return isLanguageCode(code) ? code : null;
}

/** A stored choice wins; otherwise the browser's first language we offer; otherwise English. */
export function pickLanguage(
  stored: string | null | undefined,
  browserLanguages: readonly string[] = [],
): TLanguageCode {
  const fromStore = toLanguageCode(stored);
  if (fromStore) return fromStore;
  for (const tag of browserLanguages) {
    const code = toLanguageCode(tag);
    if (code) return code;
  }
  return DEFAULT_LANGUAGE;
}
