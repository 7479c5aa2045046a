import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../domain/constants';
import { ZAcceptInvitation, ZInvitationParams } from '../../../domain/contracts/household';
import { saveSession } from '../../app/session-store';
import { ApiError, messageOf } from '../../lib/api-client';
import { fieldErrorsOf, type TFieldErrors } from '../../lib/form-errors';
import { sessionUserQuery } from '../auth/api';
import { AUDIENCE_ROUTES } from '../auth/audiences';
import { AuthCard } from '../auth/AuthCard';
import { withConfirmation } from '../auth/password-confirmation';
import { PasswordField } from '../auth/PasswordField';
import { rateLimitMessage } from '../auth/sign-in-error';
import { acceptInvitation } from './api';

/** The server refuses a used, expired or unknown link as a validation error of the request. */
function isDeadLink(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'VALIDATION' && !error.fields?.password;
}

/**
 * `#/household/accept/:token`: the invited adult chooses their password and is signed in to
 * their family's membership.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<TFieldErrors>({});
  const accepting = useMutation({
    mutationFn: (password: string) => acceptInvitation(token, password),
    onSuccess: async (answer) => {
      saveSession('mem', answer);
      queryClient.setQueryData(sessionUserQuery('mem').queryKey, answer.user);
      await navigate('/family', { replace: true });
    },
  });
  const linkLooksValid = ZInvitationParams.safeParse({ token }).success;
  const title = t('household.accept.title');

  if (!linkLooksValid || (accepting.isError && isDeadLink(accepting.error))) {
    return (
      <AuthCard title={title}>
        <Stack gap="md" align="flex-start">
          <Alert color="orange" variant="light" w="100%">
            {t('household.accept.linkInvalid')}
          </Alert>
          <Button component={Link} to={AUDIENCE_ROUTES.member.signIn}>
            {t('auth.reset.signIn')}
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
    const parsed = ZAcceptInvitation.safeParse({ password: values.password });
    const found = withConfirmation(
      parsed.success ? {} : fieldErrorsOf(parsed.error, values, { labels, t }),
      'password',
      values,
      t,
    );
    setErrors(found);
    if (parsed.success && !found.confirmPassword) accepting.mutate(parsed.data.password);
  }

  return (
    <AuthCard
      title={title}
      intro={t('household.accept.intro', { min: PASSWORD_MIN_LENGTH })}
      footer={
        <Anchor component={Link} to={AUDIENCE_ROUTES.member.signIn}>
          {t('auth.forgot.backToSignIn')}
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {accepting.isError && (
            <Alert color="red" variant="light" title={t('notify.error')}>
              {rateLimitMessage(accepting.error, t) ?? messageOf(accepting.error, t)}
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
          <Button type="submit" loading={accepting.isPending} fullWidth>
            {t('household.accept.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
