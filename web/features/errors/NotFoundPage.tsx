import { useTranslation } from '../../i18n/use-translation';
import { ErrorScreen } from './ErrorScreen';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorScreen title={t('errors.notFound.title')} text={t('errors.notFound.text')} />;
}
