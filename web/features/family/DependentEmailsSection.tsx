import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TFamilyMember } from '../../../domain/contracts/family';
import { ZDependentInput } from '../../../domain/contracts/members';
import { notify } from '../../components/notify';
import { fieldErrorsOf, serverFieldErrors, type TFieldErrors } from '../../lib/form-errors';
import type { TMemberScope } from '../membership/member-scope';
import { useSaveFamilyMember } from './api/family-members';

/**
 * A dependent's own e-mail: with one, a dependent of 18 or more can be invited to their own
 * household sign-in from the family page.
 */
export function DependentEmailsSection({
  dependents,
  scope,
}: {
  dependents: TFamilyMember[];
  scope: TMemberScope;
}) {
  const { t } = useTranslation();
  if (dependents.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="dependent-emails-title">
      <Title order={2} size="h3" id="dependent-emails-title">
        {t('family.edit.dependentEmailsTitle')}
      </Title>
      <Text size="sm">{t('family.edit.dependentEmailsIntro')}</Text>
      {dependents.map((dependent) => (
        <DependentEmailForm key={dependent.id} dependent={dependent} scope={scope} />
      ))}
    </Stack>
  );
}

function DependentEmailForm({
  dependent,
  scope,
}: {
  dependent: TFamilyMember;
  scope: TMemberScope;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(dependent.email ?? '');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const save = useSaveFamilyMember(scope);
  const label = t('family.edit.dependentEmail', { name: dependent.firstName });

  function submit(event: FormEvent) {
    event.preventDefault();
    const values = { name: dependent.firstName, dateOfBirth: dependent.dateOfBirth ?? '', email };
    const parsed = ZDependentInput.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrorsOf(parsed.error, values, { labels: {}, t }));
    if (!parsed.success) return;
    save.mutate(
      { kind: 'edit', id: dependent.id, body: { relation: 'dependent', ...values } },
      {
        onSuccess: () => notify.success(t('family.edit.dependentEmailSaved')),
        onError: (error) => setErrors(serverFieldErrors(error, {})),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={label}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email ?? errors.name ?? errors.dateOfBirth}
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" variant="default" loading={save.isPending}>
          {t('family.edit.saveDependentEmail')}
        </Button>
      </Group>
    </form>
  );
}
