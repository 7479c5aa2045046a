import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function ReportsPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.reports.title')} />;
}
