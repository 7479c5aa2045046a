import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useRouteError } from '../../app/hash-router';
import { ErrorScreen } from './ErrorScreen';

/** The `/error/500` page, and what a route shows instead of crashing when it throws. */
export function ServerErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    // The visitor sees a calm message; the details go where a developer can find them.
    if (error) console.error(error);
  }, [error]);
  return <ErrorScreen title={t('errors.server.title')} text={t('errors.server.text')} />;
}
