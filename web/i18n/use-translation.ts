import { useSyncExternalStore } from 'react';
import { i18n } from './index';

/**
 * The translate function for a component, `const { t } = useTranslation()`; the component
 * renders again when the language changes or a catalog arrives.
 */
export function useTranslation() {
  const t = useSyncExternalStore(i18n.subscribe, () => i18n.t);
  return { t, i18n };
}
