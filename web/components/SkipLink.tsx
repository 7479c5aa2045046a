import { useTranslation } from '../i18n/use-translation';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * A button, not `<a href="#main-content">`: with hash routing such a link would navigate away.
 * The target `<main>` carries `tabIndex={-1}` so it can take focus.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="skip-link"
      onClick={() => document.getElementById(MAIN_CONTENT_ID)?.focus()}
    >
      {t('shell.skipToContent')}
    </button>
  );
}
