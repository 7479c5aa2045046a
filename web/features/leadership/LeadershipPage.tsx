import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function LeadershipPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.leadership.title')} />;
}
