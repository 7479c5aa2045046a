/**
 * `Intl.DateTimeFormat` and `Intl.NumberFormat` cost tens of microseconds to build (PITFALLS
 * 14): each shape is built once per (locale, time zone) and reused.
 */

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Our language codes as the locales `Intl` should use: English is the spec's US English. */
export function intlLocale(language: string | undefined): string {
  if (!language || language === 'en') return 'en-US';
  return language;
}

export function dateTimeFormat(
  shape: string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${shape}|${locale}|${options.timeZone ?? ''}`;
  let formatter = dateTimeFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(
  shape: string,
  locale: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const key = `${shape}|${locale}`;
  let formatter = numberFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, formatter);
  }
  return formatter;
}
