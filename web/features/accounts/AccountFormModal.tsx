import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/dates/styles.css';
import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import {
  ADMIN_ACCOUNT_KINDS,
  ZAdminAccountCreate,
  ZAdminAccountUpdate,
  type TAdminAccount,
  type TAdminAccountKind,
  type TAdminAccountUpdate,
} from '../../../domain/contracts/auth';
import { notify } from '../../components/notify';
import { ApiError, messageOf } from '../../lib/api-client';
import { fieldErrorsOf, serverFieldErrors, type TFieldErrors } from '../../lib/form-errors';
import {
  accountPayloadOf,
  deactivates,
  formValuesOf,
  NEW_ACCOUNT,
  type TAccountFormValues,
} from './account-form';
import { createAccount, updateAccount } from './api';
import { accountRuleMessages } from './rule-messages';

/**
 * Create (`account` null) or edit an admin account. Switching an active account off asks for
 * confirmation first: it ends the account's sessions at once.
 */
export function AccountFormModal({
  account,
  onClose,
}: {
  account: TAdminAccount | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ruleMessages = accountRuleMessages(t);
  const [values, setValues] = useState<TAccountFormValues>(() =>
    account ? formValuesOf(account) : NEW_ACCOUNT,
  );
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const editing = account !== null;

  const saving = useMutation({
    // The create schema has checked the payload already; parsing again gives it its type.
    mutationFn: (payload: TAdminAccountUpdate) =>
      account
        ? updateAccount(account.id, payload)
        : createAccount(ZAdminAccountCreate.parse(payload)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['accounts'] });
      if (editing) notify.success(t('accounts.updated'), t('accounts.updatedTitle'));
      else
        notify.success(t('accounts.created', { email: saved.email }), t('accounts.createdTitle'));
      onClose();
    },
    onError: (error) => {
      setConfirming(false);
      setErrors(serverFieldErrors(error, ruleMessages));
    },
  });

  const labels = {
    firstName: t('accounts.fields.firstName'),
    lastName: t('accounts.fields.lastName'),
    email: t('accounts.fields.email'),
    kind: t('accounts.fields.kind'),
    is_staff: t('accounts.fields.isStaff'),
    validityFrom: t('accounts.fields.validityFrom'),
    validityTo: t('accounts.fields.validityTo'),
    is_active: t('accounts.fields.isActive'),
    password: t('accounts.fields.password'),
  };
  // Changing a field clears its problem: it is being fixed.
  const set = <K extends keyof TAccountFormValues>(name: K, value: TAccountFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const text = (name: 'firstName' | 'lastName' | 'email' | 'password') => ({
    label: labels[name],
    value: values[name],
    error: errors[name],
    onChange: (event: FormEvent<HTMLInputElement>) => set(name, event.currentTarget.value),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const schema = editing ? ZAdminAccountUpdate : ZAdminAccountCreate;
    const parsed = schema.safeParse(accountPayloadOf(values));
    setErrors(
      parsed.success ? {} : fieldErrorsOf(parsed.error, values, { labels, t, ruleMessages }),
    );
    if (!parsed.success) return;
    if (deactivates(account, values)) setConfirming(true);
    else saving.mutate(parsed.data);
  }

  const staffPossible = values.kind === 'ga';
  const { error } = saving;
  const formError =
    error && !(error instanceof ApiError && error.fields)
      ? (error instanceof ApiError && ruleMessages[error.message]) || messageOf(error, t)
      : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={editing ? t('accounts.editTitle', { email: account.email }) : t('accounts.newTitle')}
      closeButtonProps={{ 'aria-label': t('accounts.close') }}
      size="lg"
    >
      {confirming && account ? (
        <Stack gap="md">
          <Alert color="orange" variant="light" title={t('accounts.deactivate.title')}>
            {t('accounts.deactivate.text', { email: account.email })}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('accounts.deactivate.keep')}
            </Button>
            <Button
              color="red"
              loading={saving.isPending}
              onClick={() => saving.mutate(accountPayloadOf(values))}
            >
              {t('accounts.deactivate.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {formError && (
              <Alert color="red" variant="light">
                {formError}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...text('firstName')} required autoComplete="off" data-autofocus />
              <TextInput {...text('lastName')} autoComplete="off" />
            </SimpleGrid>
            <TextInput {...text('email')} type="email" required autoComplete="off" />
            <Radio.Group
              label={labels.kind}
              value={values.kind}
              onChange={(kind) => set('kind', kind as TAdminAccountKind)}
              error={errors.kind}
            >
              <Group gap="lg" mt={4}>
                {ADMIN_ACCOUNT_KINDS.map((kind) => (
                  <Radio key={kind} value={kind} label={t(`accounts.kinds.${kind}`)} />
                ))}
              </Group>
            </Radio.Group>
            <Switch
              label={labels.is_staff}
              description={t('accounts.isStaffHelp')}
              checked={staffPossible && values.is_staff}
              disabled={!staffPossible}
              onChange={(event) => set('is_staff', event.currentTarget.checked)}
              error={errors.is_staff}
            />
            {staffPossible && values.is_staff && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DatePickerInput
                  label={labels.validityFrom}
                  value={values.validityFrom}
                  onChange={(date) => set('validityFrom', date)}
                  error={errors.validityFrom}
                  required
                  clearable
                />
                <DatePickerInput
                  label={labels.validityTo}
                  value={values.validityTo}
                  onChange={(date) => set('validityTo', date)}
                  minDate={values.validityFrom ?? undefined}
                  error={errors.validityTo}
                  required
                  clearable
                />
              </SimpleGrid>
            )}
            <Switch
              label={labels.is_active}
              description={t('accounts.isActiveHelp')}
              checked={values.is_active}
              onChange={(event) => set('is_active', event.currentTarget.checked)}
            />
            <PasswordInput
              {...text('password')}
              required={!editing}
              description={editing ? t('accounts.passwordKeep') : undefined}
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': t('accounts.togglePasswordVisibility') }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('accounts.cancel')}
              </Button>
              <Button type="submit" loading={saving.isPending}>
                {editing ? t('accounts.save') : t('accounts.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
