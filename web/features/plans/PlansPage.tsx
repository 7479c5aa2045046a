import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function PlansPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.plans.title')} />;
}
