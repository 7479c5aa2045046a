import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../app/hash-router';
import { ZSignInRequest, type TSignInRequest } from '../../../domain/contracts/auth';
import { fieldErrorsOf, type TFieldErrors } from '../../lib/form-errors';
import type { TAudience } from './audiences';
import { PasswordField } from './PasswordField';
import { safeReturnUrl } from './return-url';
import { signIn } from './sign-in';
import { signInErrorMessage } from './sign-in-error';

/** E-mail and password; on success the visitor goes where the guard stopped them, or home. */
export function SignInForm({
  audience,
  returnUrl,
}: {
  audience: TAudience;
  returnUrl: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TSignInRequest>({ email: '', password: '' });
  const [errors, setErrors] = useState<TFieldErrors>({});
  const signingIn = useMutation({
    mutationFn: (credentials: TSignInRequest) => signIn(audience, credentials, queryClient),
    onSuccess: () => void navigate(safeReturnUrl(returnUrl), { replace: true }),
  });

  const labels = { email: t('auth.fields.email'), password: t('auth.fields.password') };
  const change = (name: keyof TSignInRequest) => (event: FormEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZSignInRequest.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrorsOf(parsed.error, values, { labels, t }));
    if (parsed.success) signingIn.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {signingIn.isError && (
          <Alert color="red" variant="light" title={t('auth.signIn.failedTitle')}>
            {signInErrorMessage(signingIn.error, t)}
          </Alert>
        )}
        <TextInput
          label={labels.email}
          type="email"
          autoComplete="username"
          required
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <PasswordField
          label={labels.password}
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <Button type="submit" loading={signingIn.isPending} fullWidth>
          {t('auth.signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
