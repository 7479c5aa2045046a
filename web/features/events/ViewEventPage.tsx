import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function ViewEventPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.viewEvent.title')} />;
}
