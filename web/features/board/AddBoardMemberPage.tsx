import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function AddBoardMemberPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.addBoardMember.title')} />;
}
