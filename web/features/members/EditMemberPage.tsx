import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function EditMemberPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.editMember.title')} />;
}
