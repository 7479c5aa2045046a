import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function RenewMemberPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.renewMember.title')} />;
}
