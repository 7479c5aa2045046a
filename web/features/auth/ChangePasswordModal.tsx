import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TSessionKind } from '../../../domain/constants';
import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  ZChangePasswordRequest,
  type TChangePasswordRequest,
} from '../../../domain/contracts/auth';
import { notify } from '../../components/notify';
import { ApiError, messageOf } from '../../lib/api-client';
import { fieldErrorsOf, serverFieldErrors, type TFieldErrors } from '../../lib/form-errors';
import { changeOwnPassword } from './api';
import { withConfirmation } from './password-confirmation';
import { PasswordField } from './PasswordField';
import { rateLimitMessage } from './sign-in-error';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The signed-in account's own password: current, new and the new one again. */
export function ChangePasswordModal({
  opened,
  onClose,
  kind,
  email,
}: {
  opened: boolean;
  onClose: () => void;
  kind: TSessionKind;
  email: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const ruleMessages = { [CURRENT_PASSWORD_WRONG_MESSAGE]: t('auth.changePassword.currentWrong') };
  const changing = useMutation({
    mutationFn: (body: TChangePasswordRequest) => changeOwnPassword(kind, body),
    onSuccess: () => {
      notify.success(t('auth.changePassword.done'), t('auth.changePassword.title'));
      close();
    },
    onError: (error) => setErrors(serverFieldErrors(error, ruleMessages)),
  });

  const labels = {
    currentPassword: t('auth.fields.currentPassword'),
    newPassword: t('auth.fields.newPassword'),
    confirmPassword: t('auth.fields.confirmPassword'),
  };
  const change = (name: keyof typeof EMPTY) => (event: FormEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  function close() {
    setValues(EMPTY);
    setErrors({});
    changing.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const { confirmPassword: _repeat, ...body } = values;
    const parsed = ZChangePasswordRequest.safeParse(body);
    const found = withConfirmation(
      parsed.success ? {} : fieldErrorsOf(parsed.error, values, { labels, t }),
      'newPassword',
      values,
      t,
    );
    setErrors(found);
    if (parsed.success && !found.confirmPassword) changing.mutate(parsed.data);
  }

  // A wrong current password is shown on its field; anything else above the form.
  const formError =
    changing.isError && !(changing.error instanceof ApiError && changing.error.fields)
      ? (rateLimitMessage(changing.error, t) ?? messageOf(changing.error, t))
      : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('auth.changePassword.title')}
      closeButtonProps={{ 'aria-label': t('auth.close') }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('auth.changePassword.forAccount', { email })}</Text>
          {formError && (
            <Alert color="red" variant="light">
              {formError}
            </Alert>
          )}
          <PasswordField
            label={labels.currentPassword}
            autoComplete="current-password"
            required
            data-autofocus
            value={values.currentPassword}
            onChange={change('currentPassword')}
            error={errors.currentPassword}
          />
          <PasswordField
            label={labels.newPassword}
            autoComplete="new-password"
            required
            value={values.newPassword}
            onChange={change('newPassword')}
            error={errors.newPassword}
          />
          <PasswordField
            label={labels.confirmPassword}
            autoComplete="new-password"
            required
            value={values.confirmPassword}
            onChange={change('confirmPassword')}
            error={errors.confirmPassword}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('auth.cancel')}
            </Button>
            <Button type="submit" loading={changing.isPending}>
              {t('auth.changePassword.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
