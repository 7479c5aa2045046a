import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../domain/constants';
import { ZResetPasswordRequest, ZResetTokenParams } from '../../../domain/contracts/auth';
import { ApiError, messageOf } from '../../lib/api-client';
import { fieldErrorsOf, type TFieldErrors } from '../../lib/form-errors';
import { resetPassword } from './api';
import { AUDIENCE_ROUTES, isAudience, type TAudience } from './audiences';
import { AuthCard } from './AuthCard';
import { withConfirmation } from './password-confirmation';
import { PasswordField } from './PasswordField';
import { rateLimitMessage } from './sign-in-error';

/** The e-mailed link's page: `#/auth/reset/:kind/:token`, kind admin or member. */
export function ResetPasswordPage() {
  const { kind, token = '' } = useParams();
  if (!isAudience(kind)) return <Navigate to={AUDIENCE_ROUTES.member.signIn} replace />;
  return <ResetPasswordForm audience={kind} token={token} />;
}

/** The server refuses a used, expired or unknown link as a validation error of the request. */
function isDeadLink(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'VALIDATION' && !error.fields?.password;
}

function ResetPasswordForm({ audience, token }: { audience: TAudience; token: string }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<TFieldErrors>({});
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

  const labels = {
    password: t('auth.fields.newPassword'),
    confirmPassword: t('auth.fields.confirmPassword'),
  };
  const change = (name: keyof typeof values) => (event: FormEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZResetPasswordRequest.safeParse({ password: values.password });
    const found = withConfirmation(
      parsed.success ? {} : fieldErrorsOf(parsed.error, values, { labels, t }),
      'password',
      values,
      t,
    );
    setErrors(found);
    if (parsed.success && !found.confirmPassword) resetting.mutate(parsed.data.password);
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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {resetting.isError && (
            <Alert color="red" variant="light" title={t('notify.error')}>
              {rateLimitMessage(resetting.error, t) ?? messageOf(resetting.error, t)}
            </Alert>
          )}
          <PasswordField
            label={labels.password}
            autoComplete="new-password"
            required
            value={values.password}
            onChange={change('password')}
            error={errors.password}
          />
          <PasswordField
            label={labels.confirmPassword}
            autoComplete="new-password"
            required
            value={values.confirmPassword}
            onChange={change('confirmPassword')}
            error={errors.confirmPassword}
          />
          <Button type="submit" loading={resetting.isPending} fullWidth>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
