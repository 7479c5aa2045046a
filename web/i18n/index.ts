import type { TLanguageCode } from '../../domain/constants';
// What the entry chunk's screens (the event list, the public layout, the error pages) say in
// English; the named imports let the bundler leave the rest of en.json out of the entry.
import { common, errors, events, nav, notify, pages, shell, validation } from './locales/en.json';
import type en from './locales/en.json';
import { LANGUAGE_STORAGE_KEY, pickLanguage } from './language';
import { createTranslator } from './translator';

type TCatalog = typeof en;

export const i18n = createTranslator();
i18n.addCatalog('en', { common, errors, events, nav, notify, pages, shell, validation });

let fullEnglish: Promise<void> | undefined;

/**
 * The whole English catalog (12 KB gzipped, most of it the back office's) is its own chunk,
 * loaded with the first screen that loads on demand (the router's `lazy`, web/app/router.tsx).
 * The other catalogs are whole and load only for those who choose them.
 */
export function loadFullEnglish(): Promise<void> {
  // As text (`?raw`): a second import of en.json as JSON would put it whole in the entry again
  fullEnglish ??= import('./locales/en.json?raw').then((module) => {
    i18n.addCatalog('en', JSON.parse(module.default) as TCatalog);
  });
  return fullEnglish;
}

const catalogLoaders: Record<Exclude<TLanguageCode, 'en'>, () => Promise<{ default: TCatalog }>> = {
  zh: () => import('./locales/zh.json'),
  es: () => import('./locales/es.json'),
  ja: () => import('./locales/ja.json'),
  de: () => import('./locales/de.json'),
  fr: () => import('./locales/fr.json'),
};

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be disabled (privacy settings); the browser's languages still apply.
    return null;
  }
}

function storeLanguage(code: TLanguageCode): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Without storage the choice lasts for this visit only, which is still what was asked.
  }
}

async function ensureCatalog(code: TLanguageCode): Promise<void> {
  if (code === 'en' || i18n.hasCatalog(code)) return;
  // dayjs (for the back office's date pickers) loads with a language other than English only
  const [catalog] = await Promise.all([
    catalogLoaders[code](),
    import('./dates-locale').then((module) => module.loadDayjsLocale(code)),
  ]);
  i18n.addCatalog(code, catalog.default);
}

/** Picks the stored or browser language and loads its catalog, before the first paint. */
export async function initI18n(): Promise<void> {
  i18n.subscribe(() => {
    document.documentElement.lang = i18n.language;
  });
  const initial = pickLanguage(readStoredLanguage(), navigator.languages);
  await ensureCatalog(initial);
  i18n.changeLanguage(initial);
  document.documentElement.lang = initial;
}

/** Switches the interface language and remembers the choice under `language`. */
export async function setLanguage(code: TLanguageCode): Promise<void> {
  await ensureCatalog(code);
  i18n.changeLanguage(code);
  storeLanguage(code);
}
