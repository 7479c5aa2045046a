import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function AccountsPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.accounts.title')} />;
}
