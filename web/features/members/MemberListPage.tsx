import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function MemberListPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.members.title')} />;
}
