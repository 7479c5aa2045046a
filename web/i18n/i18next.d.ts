import 'i18next';
import type en from './locales/en.json';

// Typed keys: a misspelt translation key fails the type check instead of showing the key.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
