import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './ErrorScreen';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorScreen title={t('errors.notFound.title')} text={t('errors.notFound.text')} />;
}
