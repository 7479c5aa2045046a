import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function EventListPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.events.title')} />;
}
