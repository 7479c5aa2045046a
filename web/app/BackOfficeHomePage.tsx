import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import { PageTitle } from '../components/PageTitle';
import { useCurrentUser } from '../features/auth/use-current-user';
import { MemberHome } from '../features/dashboard/MemberHome';
import { StaffDashboard } from '../features/dashboard/StaffDashboard';

/**
 * The main layout's own page: for staff the association's figures and charts (spec 02 §7.1
 * memchart / allchart), for a member their membership and family.
 */
export function BackOfficeHomePage() {
  const { t } = useTranslation();
  const { roles } = useCurrentUser();
  const staff = roles.has('admin') || roles.has('super') || roles.has('tempadmin');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <PageTitle>{t('pages.home.title')}</PageTitle>
        <Text c="dimmed">{staff ? t('dashboard.staffIntro') : t('dashboard.memberIntro')}</Text>
      </Stack>
      {staff ? <StaffDashboard /> : <MemberHome />}
    </Stack>
  );
}
