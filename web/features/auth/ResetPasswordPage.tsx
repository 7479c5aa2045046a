import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { Link, Navigate, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../domain/constants';
import { ZResetPasswordRequest, ZResetTokenParams } from '../../../domain/contracts/auth';
import { resetPassword } from './api';
import { AUDIENCE_ROUTES, isAudience, type TAudience } from './audiences';
import { AuthCard } from './AuthCard';
import { isDeadLink, NewPasswordForm } from './NewPasswordForm';

/** The e-mailed link's page: `#/auth/reset/:kind/:token`, kind admin or member. */
export function ResetPasswordPage() {
  const { kind, token = '' } = useParams();
  if (!isAudience(kind)) return <Navigate to={AUDIENCE_ROUTES.member.signIn} replace />;
  return <ResetPasswordForm audience={kind} token={token} />;
}

function ResetPasswordForm({ audience, token }: { audience: TAudience; token: string }) {
  const { t } = useTranslation();
  const resetting = useMutation({
    mutationFn: (password: string) => resetPassword(audience, token, { password }),
  });
  const routes = AUDIENCE_ROUTES[audience];
  const linkLooksValid = ZResetTokenParams.safeParse({ id: token }).success;
  const title = t('auth.reset.title');

  if (resetting.isSuccess) {
    return (
      <AuthCard title={title}>
        <Stack gap="md" align="flex-start">
          <Alert color="teal" variant="light" w="100%">
            {t('auth.reset.done')}
          </Alert>
          <Button component={Link} to={routes.signIn}>
            {t('auth.reset.signIn')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (!linkLooksValid || (resetting.isError && isDeadLink(resetting.error))) {
    return (
      <AuthCard title={title}>
        <Stack gap="md" align="flex-start">
          <Alert color="orange" variant="light" w="100%">
            {t('auth.reset.linkInvalid')}
          </Alert>
          <Button component={Link} to={routes.forgot}>
            {t('auth.reset.askAgain')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={title}
      intro={t('auth.reset.intro', { min: PASSWORD_MIN_LENGTH })}
      footer={
        <Anchor component={Link} to={routes.signIn}>
          {t('auth.forgot.backToSignIn')}
        </Anchor>
      }
    >
      <NewPasswordForm
        contract={ZResetPasswordRequest}
        saving={resetting}
        submitLabel={t('auth.reset.submit')}
      />
    </AuthCard>
  );
}
