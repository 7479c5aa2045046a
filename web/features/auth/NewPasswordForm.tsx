import { Alert, Button, Stack } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { z } from 'zod';
import { ApiError, messageOf } from '../../lib/api-client';
import { fieldErrorsOf, type TFieldErrors } from '../../lib/form-errors';
import { withConfirmation } from './password-confirmation';
import { PasswordField } from './PasswordField';
import { rateLimitMessage } from './sign-in-error';

/** The server refuses a used, expired or unknown link as a validation error of the request. */
export function isDeadLink(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'VALIDATION' && !error.fields?.password;
}

/**
 * A new password typed twice, checked by the request's contract, for the pages an e-mailed link
 * opens (a password reset, a household invitation): the valid password goes to `saving`.
 */
export function NewPasswordForm({
  contract,
  saving,
  submitLabel,
}: {
  contract: z.ZodType<{ password: string }>;
  saving: UseMutationResult<unknown, Error, string>;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<TFieldErrors>({});
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
    const parsed = contract.safeParse({ password: values.password });
    const found = withConfirmation(
      parsed.success ? {} : fieldErrorsOf(parsed.error, values, { labels, t }),
      'password',
      values,
      t,
    );
    setErrors(found);
    if (parsed.success && !found.confirmPassword) saving.mutate(parsed.data.password);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {saving.isError && (
          <Alert color="red" variant="light" title={t('notify.error')}>
            {rateLimitMessage(saving.error, t) ?? messageOf(saving.error, t)}
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
        <Button type="submit" loading={saving.isPending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
