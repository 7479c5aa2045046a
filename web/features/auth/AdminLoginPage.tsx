import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function AdminLoginPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.adminLogin.title')} />;
}
