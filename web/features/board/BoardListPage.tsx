import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function BoardListPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.boardMembers.title')} />;
}
