/**
 * The date pickers (Mantine dates, on dayjs) speak the chosen language too: month and weekday
 * names, the first day of the week, and the shown value. dayjs locales load with their language,
 * so a visitor downloads only the one they use.
 */
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { TLanguageCode } from '../../domain/constants';

dayjs.extend(localizedFormat);

export const DAYJS_LOCALES: Record<TLanguageCode, string> = {
  en: 'en',
  zh: 'zh-cn',
  ja: 'ja',
  es: 'es',
  de: 'de',
  fr: 'fr',
};

const loaders: Record<Exclude<TLanguageCode, 'en'>, () => Promise<unknown>> = {
  zh: () => import('dayjs/locale/zh-cn'),
  ja: () => import('dayjs/locale/ja'),
  es: () => import('dayjs/locale/es'),
  de: () => import('dayjs/locale/de'),
  fr: () => import('dayjs/locale/fr'),
};

export async function loadDayjsLocale(code: TLanguageCode): Promise<void> {
  if (code !== 'en') await loaders[code]();
}

/**
 * A picker's shown value: English keeps the screen's spec shape ("MMM D, YYYY"); the other
 * languages use their own medium date ("23 nov. 2026", "2026年11月23日").
 */
export function pickerValueFormat(language: string, english: string): string {
  return language === 'en' ? english : 'll';
}
