import { useTranslation } from 'react-i18next';
import { UpcomingScreen } from '../../components/UpcomingScreen';

export function ContactPage() {
  const { t } = useTranslation();
  return <UpcomingScreen title={t('pages.contact.title')} />;
}
