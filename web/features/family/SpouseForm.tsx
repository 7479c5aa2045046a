import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TFamilyMember } from '../../../domain/contracts/family';
import { ZSpouseInput } from '../../../domain/contracts/members';
import { formatPhoneInput } from '../../../domain/phone';
import { notify } from '../../components/notify';
import { ApiError, messageOf } from '../../lib/api-client';
import { fieldErrorsOf, serverFieldErrors, type TFieldErrors } from '../../lib/form-errors';
import type { TMemberScope } from '../membership/member-scope';
import { PhoneInput } from '../membership/PhoneInput';
import { membershipRuleMessages } from '../membership/rule-messages';
import { spousePayloadOf, type TSpouseValues } from '../membership/spouse-values';
import { useSaveFamilyMember } from './api/family-members';

function formOf(spouse: TFamilyMember | undefined): TSpouseValues {
  return {
    spouseFirstName: spouse?.firstName ?? '',
    spouseLastName: spouse?.lastName ?? '',
    spouseemail: spouse?.email ?? '',
    spousecontactPhone: formatPhoneInput(spouse?.contactPhone ?? ''),
    spousedateOfBirth: spouse?.dateOfBirth ?? '',
  };
}

/** The spouse, added (`POST /api/family/`) or edited in place (`PUT /api/family/:id`). */
export function SpouseForm({
  spouse,
  scope,
  today,
}: {
  spouse: TFamilyMember | undefined;
  scope: TMemberScope;
  today: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TSpouseValues>(() => formOf(spouse));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const save = useSaveFamilyMember(scope);
  const ruleMessages = membershipRuleMessages(t);
  const labels = {
    spouseFirstName: t('membership.fields.spouseFirstName'),
    spouseLastName: t('membership.fields.spouseLastName'),
    spouseemail: t('membership.fields.spouseEmail'),
    spousecontactPhone: t('membership.fields.spousePhone'),
    spousedateOfBirth: t('membership.fields.spouseDateOfBirth'),
  };
  const set = (field: keyof TSpouseValues, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const text = (field: keyof TSpouseValues) => ({
    label: labels[field],
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZSpouseInput.safeParse(spousePayloadOf(values));
    setErrors(
      parsed.success ? {} : fieldErrorsOf(parsed.error, values, { labels, t, ruleMessages }),
    );
    if (!parsed.success) return;
    const body = { relation: 'spouse' as const, ...spousePayloadOf(values) };
    save.mutate(spouse ? { kind: 'edit', id: spouse.id, body } : { kind: 'add', body }, {
      onSuccess: () =>
        notify.success(
          t(spouse ? 'family.edit.spouseUpdated' : 'family.edit.spouseAdded'),
          t('family.memberUpdated'),
        ),
      onError: (error) => setErrors(serverFieldErrors(error, ruleMessages)),
    });
  }

  const failure = save.error;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="spouse-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="spouse-title">
          {t('family.edit.spouseTitle')}
        </Title>
        {failure && !(failure instanceof ApiError && failure.fields) && (
          <Alert color="red" variant="light" role="alert">
            {(failure instanceof ApiError && ruleMessages[failure.message]) ||
              messageOf(failure, t)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...text('spouseFirstName')} required />
          <TextInput {...text('spouseLastName')} required />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput {...text('spouseemail')} type="email" />
          <PhoneInput
            label={labels.spousecontactPhone}
            value={values.spousecontactPhone}
            onChange={(phone) => set('spousecontactPhone', phone)}
            error={errors.spousecontactPhone}
            autoComplete="off"
          />
          <TextInput {...text('spousedateOfBirth')} type="date" max={today} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t(spouse ? 'family.edit.saveSpouse' : 'family.edit.addSpouse')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
