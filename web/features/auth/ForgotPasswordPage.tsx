import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, Navigate, useParams } from 'react-router';
import {
  ZForgotPasswordRequest,
  type TForgotPasswordRequest,
} from '../../../domain/contracts/auth';
import { ApiError, messageOf } from '../../lib/api-client';
import { fieldErrorsOf, type TFieldErrors } from '../../lib/form-errors';
import { requestPasswordReset } from './api';
import { AUDIENCE_ROUTES, isAudience, type TAudience } from './audiences';
import { AuthCard } from './AuthCard';

/**
 * Whatever the server answers (an account or none, even too many requests), the visitor reads
 * the same confirmation, so the page never tells which addresses have an account.
 */
function answered(error: unknown): boolean {
  return error instanceof ApiError && error.status > 0;
}

export function ForgotPasswordPage() {
  const { kind } = useParams();
  if (!isAudience(kind)) return <Navigate to={AUDIENCE_ROUTES.member.forgot} replace />;
  return <ForgotPasswordForm audience={kind} />;
}

function ForgotPasswordForm({ audience }: { audience: TAudience }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TForgotPasswordRequest>({ email: '' });
  const [errors, setErrors] = useState<TFieldErrors>({});
  const requesting = useMutation({
    mutationFn: (body: TForgotPasswordRequest) => requestPasswordReset(audience, body),
  });
  const sent = requesting.isSuccess || (requesting.isError && answered(requesting.error));
  const signInLink = (
    <Anchor component={Link} to={AUDIENCE_ROUTES[audience].signIn}>
      {t('auth.forgot.backToSignIn')}
    </Anchor>
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZForgotPasswordRequest.safeParse(values);
    const labels = { email: t('auth.fields.email') };
    setErrors(parsed.success ? {} : fieldErrorsOf(parsed.error, values, { labels, t }));
    if (parsed.success) requesting.mutate(parsed.data);
  }

  return (
    <AuthCard
      title={t(audience === 'admin' ? 'auth.forgot.adminTitle' : 'auth.forgot.memberTitle')}
      intro={sent ? undefined : t('auth.forgot.intro')}
      footer={signInLink}
    >
      {sent ? (
        <Alert color="teal" variant="light" title={t('auth.forgot.sentTitle')}>
          <Text size="sm">{t('auth.forgot.sent')}</Text>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {requesting.isError && (
              <Alert color="red" variant="light" title={t('notify.error')}>
                {messageOf(requesting.error, t)}
              </Alert>
            )}
            <TextInput
              label={t('auth.fields.email')}
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={(event) => {
                setValues({ email: event.currentTarget.value });
                setErrors({});
              }}
              error={errors.email}
            />
            <Button type="submit" loading={requesting.isPending} fullWidth>
              {t('auth.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
