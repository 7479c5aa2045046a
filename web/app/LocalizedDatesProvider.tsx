import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { DAYJS_LOCALES } from '../i18n/dates-locale';
import { toLanguageCode } from '../i18n/language';

/**
 * Date pickers follow the interface language (its dayjs locale loaded with it). Only back-office
 * screens have date pickers, so this wraps the back office, and Mantine dates and dayjs stay out
 * of a public visitor's download.
 */
export function LocalizedDatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const dayjsLocale = DAYJS_LOCALES[toLanguageCode(i18n.language) ?? 'en'];
  return <DatesProvider settings={{ locale: dayjsLocale }}>{children}</DatesProvider>;
}
