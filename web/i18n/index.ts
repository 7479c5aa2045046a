import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TLanguageCode } from '../../domain/constants';
import en from './locales/en.json';
import { LANGUAGE_STORAGE_KEY, pickLanguage } from './language';

type TCatalog = typeof en;

// English ships in the entry chunk; the other catalogs load only for those who choose them.
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
  if (code === 'en' || i18n.hasResourceBundle(code, 'translation')) return;
  // dayjs (for the back office's date pickers) loads with a language other than English only
  const [catalog] = await Promise.all([
    catalogLoaders[code](),
    import('./dates-locale').then((module) => module.loadDayjsLocale(code)),
  ]);
  i18n.addResourceBundle(code, 'translation', catalog.default);
}

export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  i18n.on('languageChanged', (code) => {
    document.documentElement.lang = code;
  });
  const initial = pickLanguage(readStoredLanguage(), navigator.languages);
  await ensureCatalog(initial);
  await i18n.changeLanguage(initial);
  document.documentElement.lang = initial;
}

/** Switches the interface language and remembers the choice under `language`. */
export async function setLanguage(code: TLanguageCode): Promise<void> {
  await ensureCatalog(code);
  await i18n.changeLanguage(code);
  storeLanguage(code);
}

export { i18n };
