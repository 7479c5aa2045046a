import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function FamilyPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.family.title')} />;
}
