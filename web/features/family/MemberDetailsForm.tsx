import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ZMemberUpdate, type TMember, type TMemberUpdate } from '../../../domain/contracts/members';
import { formatPhoneInput } from '../../../domain/phone';
import { notify } from '../../components/notify';
import { ApiError, messageOf } from '../../lib/api-client';
import { fieldErrorsOf, serverFieldErrors, type TFieldErrors } from '../../lib/form-errors';
import { AddressFields } from '../membership/AddressFields';
import type { TMemberScope } from '../membership/member-scope';
import { PhoneInput } from '../membership/PhoneInput';
import { membershipRuleMessages } from '../membership/rule-messages';
import { useUpdateMember } from './api/update-member';

type TDetails = Required<{ [K in keyof TMemberUpdate]: string }>;

function detailsOf(member: TMember): TDetails {
  return {
    MemberFirstName: member.MemberFirstName,
    MemberLastName: member.MemberLastName,
    email: member.email,
    contactPhone: formatPhoneInput(member.contactPhone),
    street: member.street,
    city: member.city,
    state: member.state,
    zipcode: member.zipcode,
  };
}

/** The member's own details (`PUT /api/memberupdate/:id`), checked with the contract first. */
export function MemberDetailsForm({ member, scope }: { member: TMember; scope: TMemberScope }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TDetails>(() => detailsOf(member));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const update = useUpdateMember(scope);
  const ruleMessages = membershipRuleMessages(t);
  const labels = {
    MemberFirstName: t('membership.fields.firstName'),
    MemberLastName: t('membership.fields.lastName'),
    email: t('membership.fields.email'),
    contactPhone: t('membership.fields.phone'),
    street: t('membership.fields.street'),
    city: t('membership.fields.city'),
    state: t('membership.fields.state'),
    zipcode: t('membership.fields.zipcode'),
  };
  const set = (field: keyof TDetails, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const text = (field: keyof TDetails) => ({
    label: labels[field],
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZMemberUpdate.safeParse(values);
    setErrors(
      parsed.success ? {} : fieldErrorsOf(parsed.error, values, { labels, t, ruleMessages }),
    );
    if (!parsed.success) return;
    update.mutate(values, {
      onSuccess: () => notify.success(t('family.edit.memberUpdated')),
      onError: (error) => setErrors(serverFieldErrors(error, ruleMessages)),
    });
  }

  const failure = update.error;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="member-details-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="member-details-title">
          {t('family.edit.memberTitle')}
        </Title>
        {failure && !(failure instanceof ApiError && failure.fields) && (
          <Alert color="red" variant="light" role="alert" title={t('notify.error')}>
            {(failure instanceof ApiError && ruleMessages[failure.message]) ||
              messageOf(failure, t)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...text('MemberFirstName')} autoComplete="given-name" required />
          <TextInput {...text('MemberLastName')} autoComplete="family-name" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...text('email')} type="email" autoComplete="email" required />
          <PhoneInput
            label={labels.contactPhone}
            value={values.contactPhone}
            onChange={(phone) => set('contactPhone', phone)}
            error={errors.contactPhone}
            required
          />
        </SimpleGrid>
        <AddressFields values={values} errors={errors} onChange={set} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('family.edit.saveMember')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
