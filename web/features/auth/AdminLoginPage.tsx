import { Anchor } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { AUDIENCE_ROUTES } from './audiences';
import { AuthCard } from './AuthCard';
import { withReturnUrl } from './return-url';
import { SignInForm } from './SignInForm';

/** Global admins, super users and temporary admins (spec 01 §6). */
export function AdminLoginPage() {
  const { t } = useTranslation();
  const returnUrl = useSearchParams()[0].get('returnUrl');
  return (
    <AuthCard
      title={t('pages.adminLogin.title')}
      intro={t('auth.signIn.adminIntro')}
      footer={
        <>
          <Anchor component={Link} to={AUDIENCE_ROUTES.admin.forgot}>
            {t('auth.signIn.forgotPassword')}
          </Anchor>
          <Anchor component={Link} to={withReturnUrl(AUDIENCE_ROUTES.member.signIn, returnUrl)}>
            {t('auth.signIn.memberSignInLink')}
          </Anchor>
        </>
      }
    >
      <SignInForm audience="admin" returnUrl={returnUrl} />
    </AuthCard>
  );
}
