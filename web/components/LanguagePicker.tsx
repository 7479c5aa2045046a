import { NativeSelect } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import { LANGUAGES } from '../../domain/constants';
import { setLanguage } from '../i18n';
import { toLanguageCode } from '../i18n/language';

/**
 * A native select: fully keyboard- and screen-reader-friendly, and it keeps the popover
 * machinery of Mantine's Select out of the public pages' bundle.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('shell.language')}
      value={i18n.language}
      onChange={(event) => {
        const code = toLanguageCode(event.currentTarget.value);
        if (code) void setLanguage(code);
      }}
      size="sm"
      w={130}
    >
      {LANGUAGES.map((language) => (
        <option key={language.code} value={language.code} lang={language.code}>
          {language.label}
        </option>
      ))}
    </NativeSelect>
  );
}
