import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AUDIENCE_ROUTES } from './audiences';
import { AuthCard } from './AuthCard';
import { withReturnUrl } from './return-url';
import { SignInForm } from './SignInForm';

/** Where the guard sends everyone; administrators find their own sign-in from here (DESIGN §3d). */
export function MemberLoginPage() {
  const { t } = useTranslation();
  const returnUrl = useSearchParams()[0].get('returnUrl');
  return (
    <AuthCard
      title={t('pages.memberLogin.title')}
      intro={t('auth.signIn.memberIntro')}
      footer={
        <>
          <Anchor component={Link} to={AUDIENCE_ROUTES.member.forgot}>
            {t('auth.signIn.forgotPassword')}
          </Anchor>
          <Anchor component={Link} to="/mregister">
            {t('auth.signIn.register')}
          </Anchor>
          <Anchor component={Link} to={withReturnUrl(AUDIENCE_ROUTES.admin.signIn, returnUrl)}>
            {t('shell.adminSignInLink')}
          </Anchor>
        </>
      }
    >
      <SignInForm audience="member" returnUrl={returnUrl} />
    </AuthCard>
  );
}
