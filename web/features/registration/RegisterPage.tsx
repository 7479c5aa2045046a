import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function RegisterPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.register.title')} />;
}
