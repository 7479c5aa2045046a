import { Anchor } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { AUDIENCE_ROUTES } from './audiences';
import { AuthCard } from './AuthCard';
import { withReturnUrl } from './return-url';
import { SignInForm } from './SignInForm';

/**
 * The member sign-in; administrators find their own sign-in from here (DESIGN §3d). The guard
 * shows it in place of a back-office page it refused, passing that page as `returnUrl`, so the
 * address bar keeps the page asked for (spec 02 §2.2); at `#/auth/memberlogin` it comes from
 * the query string.
 */
export function MemberLoginPage({ returnUrl: inPlaceReturnUrl }: { returnUrl?: string } = {}) {
  const { t } = useTranslation();
  const queryReturnUrl = useSearchParams()[0].get('returnUrl');
  const returnUrl = inPlaceReturnUrl ?? queryReturnUrl;
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
