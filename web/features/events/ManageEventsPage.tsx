import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function ManageEventsPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.manageEvents.title')} />;
}
