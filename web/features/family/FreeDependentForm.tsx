import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ZDependentInput } from '../../../domain/contracts/members';
import { notify } from '../../components/notify';
import { ApiError, messageOf } from '../../lib/api-client';
import { fieldErrorsOf, serverFieldErrors, type TFieldErrors } from '../../lib/form-errors';
import type { TMemberScope } from '../membership/member-scope';
import { membershipRuleMessages } from '../membership/rule-messages';
import { useSaveFamilyMember } from './api/family-members';

/** A dependent into a freed slot the membership has paid for: no payment (`POST /api/family/`). */
export function FreeDependentForm({
  free,
  scope,
  today,
}: {
  free: number;
  scope: TMemberScope;
  today: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ name: '', dateOfBirth: '' });
  const [errors, setErrors] = useState<TFieldErrors>({});
  const save = useSaveFamilyMember(scope);
  const ruleMessages = membershipRuleMessages(t);
  const labels = {
    name: t('membership.fields.dependentName'),
    dateOfBirth: t('membership.fields.dateOfBirth'),
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZDependentInput.safeParse(values);
    setErrors(
      parsed.success ? {} : fieldErrorsOf(parsed.error, values, { labels, t, ruleMessages }),
    );
    if (!parsed.success) return;
    save.mutate(
      { kind: 'add', body: { relation: 'dependent', ...values } },
      {
        onSuccess: () => {
          notify.success(t('family.edit.dependentAdded'), t('family.memberUpdated'));
          setValues({ name: '', dateOfBirth: '' });
        },
        onError: (error) => setErrors(serverFieldErrors(error, ruleMessages)),
      },
    );
  }

  const failure = save.error;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('family.edit.freeSlots', { count: free })}</Text>
        {failure && !(failure instanceof ApiError && failure.fields) && (
          <Alert color="red" variant="light" role="alert">
            {(failure instanceof ApiError && ruleMessages[failure.message]) ||
              messageOf(failure, t)}
          </Alert>
        )}
        <Group align="flex-start" gap="sm">
          <TextInput
            label={labels.name}
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
            error={errors.name ?? errors.dependents}
            required
            style={{ flex: '2 1 14rem' }}
          />
          <TextInput
            label={labels.dateOfBirth}
            type="date"
            max={today}
            value={values.dateOfBirth}
            onChange={(event) => setValues({ ...values, dateOfBirth: event.currentTarget.value })}
            error={errors.dateOfBirth}
            required
            style={{ flex: '1 1 10rem' }}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('family.edit.addFreeDependent')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
