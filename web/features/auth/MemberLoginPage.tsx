import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { UpcomingScreen } from '../../components/UpcomingScreen';

/** Where the guard sends everyone; administrators find their own sign-in from here (DESIGN §3d). */
export function MemberLoginPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const returnUrl = searchParams.get('returnUrl');
  const adminLogin = returnUrl
    ? `/auth/login?${new URLSearchParams({ returnUrl }).toString()}`
    : '/auth/login';
  return (
    <UpcomingScreen title={t('pages.memberLogin.title')}>
      <Anchor component={Link} to={adminLogin}>
        {t('shell.adminSignInLink')}
      </Anchor>
    </UpcomingScreen>
  );
}
