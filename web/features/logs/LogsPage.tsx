import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function LogsPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.logs.title')} />;
}
