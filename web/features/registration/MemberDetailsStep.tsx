import '@mantine/core/styles/PasswordInput.css';
import { PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { PASSWORD_MIN_LENGTH } from '../../../domain/constants';
import type { TFieldErrors } from '../../lib/form-errors';
import { AddressFields } from '../membership/AddressFields';
import { PhoneInput } from '../membership/PhoneInput';
import type { TMemberValues } from './registration-form';
import { emailUnavailableText, type TEmailAvailability } from './use-email-availability';

/** Step (b): who joins: name, e-mail (checked while typing), password, phone, address, birth. */
export function MemberDetailsStep({
  values,
  errors,
  email,
  today,
  onChange,
}: {
  values: TMemberValues;
  /** Keyed 'member.<field>'. */
  errors: TFieldErrors;
  email: TEmailAvailability;
  /** The latest birth date allowed, 'YYYY-MM-DD'. */
  today: string;
  onChange: (field: keyof TMemberValues, value: string) => void;
}) {
  const { t } = useTranslation();
  const error = (field: keyof TMemberValues) => errors[`member.${field}`];
  const text = (field: keyof TMemberValues) => ({
    value: values[field],
    error: error(field),
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(field, event.currentTarget.value),
  });
  const emailNote =
    email.available === true
      ? t('registration.member.emailAvailable')
      : email.checking
        ? t('registration.member.emailChecking')
        : undefined;
  // The check's answer says when a payment in progress lets go, which the checkout's field cannot
  const emailError =
    email.paymentInProgressUntil !== null
      ? emailUnavailableText(email, t)
      : (error('email') ?? emailUnavailableText(email, t));
  const confirmation = values.confirmPassword;
  const matched = confirmation !== '' && confirmation === values.password;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('membership.fields.firstName')}
          {...text('MemberFirstName')}
          autoComplete="given-name"
          required
        />
        <TextInput
          label={t('membership.fields.lastName')}
          {...text('MemberLastName')}
          autoComplete="family-name"
        />
      </SimpleGrid>
      <TextInput
        label={t('membership.fields.email')}
        type="email"
        {...text('email')}
        error={emailError}
        description={emailNote}
        autoComplete="email"
        required
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PasswordInput
          label={t('membership.fields.password')}
          description={t('registration.member.passwordRule', { min: PASSWORD_MIN_LENGTH })}
          {...text('password')}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
          required
        />
        <Stack gap={4}>
          <PasswordInput
            label={t('membership.fields.confirmPassword')}
            {...text('confirmPassword')}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
            required
          />
          {confirmation !== '' && !error('confirmPassword') && (
            <Text size="sm" c={matched ? 'teal.9' : 'red.9'} aria-live="polite">
              {matched ? t('registration.member.passwordMatched') : t('validation.passwordsDiffer')}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PhoneInput
          label={t('membership.fields.phone')}
          value={values.contactPhone}
          onChange={(phone) => onChange('contactPhone', phone)}
          error={error('contactPhone')}
          required
        />
        <TextInput
          label={t('membership.fields.dateOfBirth')}
          type="date"
          max={today}
          {...text('dateOfBirth')}
          autoComplete="bday"
        />
      </SimpleGrid>
      <AddressFields
        values={values}
        errors={{
          street: error('street'),
          city: error('city'),
          state: error('state'),
          zipcode: error('zipcode'),
        }}
        onChange={onChange}
      />
    </Stack>
  );
}
