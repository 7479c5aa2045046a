import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { validMarkProps } from '../../components/valid-mark';
import type { TFieldErrors } from '../../lib/form-errors';
import { stateListQuery } from './api/get-states';
import { membershipRuleMessages } from './rule-messages';
import { useZipCheck } from './use-zip-check';

export interface TAddressValues {
  street: string;
  city: string;
  state: string;
  zipcode: string;
}

/**
 * Street, city, state (the server's list) and a 5-digit zip, which the server checks against
 * the state as soon as it is complete.
 */
export function AddressFields({
  values,
  errors,
  onChange,
  isValid = () => false,
}: {
  values: TAddressValues;
  errors: TFieldErrors;
  onChange: (field: keyof TAddressValues, value: string) => void;
  /** Marks a field valid (a form that checks as it is typed passes this). */
  isValid?: (field: keyof TAddressValues) => boolean;
}) {
  const { t } = useTranslation();
  const states = useQuery(stateListQuery());
  const zipProblem = useZipCheck(values.state, values.zipcode);
  const zipMessage = zipProblem ? (membershipRuleMessages(t)[zipProblem] ?? zipProblem) : null;

  return (
    <>
      <TextInput
        label={t('membership.fields.street')}
        value={values.street}
        onChange={(event) => onChange('street', event.currentTarget.value)}
        error={errors.street}
        {...validMarkProps(isValid('street'))}
        autoComplete="street-address"
        required
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('membership.fields.city')}
          value={values.city}
          onChange={(event) => onChange('city', event.currentTarget.value)}
          error={errors.city}
          {...validMarkProps(isValid('city'))}
          autoComplete="address-level2"
          required
        />
        <Select
          label={t('membership.fields.state')}
          data={states.data ?? []}
          value={values.state || null}
          onChange={(state) => onChange('state', state ?? '')}
          error={errors.state}
          searchable
          required
          nothingFoundMessage={t('membership.fields.noState')}
        />
        <TextInput
          label={t('membership.fields.zipcode')}
          value={values.zipcode}
          onChange={(event) =>
            onChange('zipcode', event.currentTarget.value.replace(/\D/g, '').slice(0, 5))
          }
          error={errors.zipcode ?? zipMessage}
          {...validMarkProps(isValid('zipcode') && !zipMessage)}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          required
        />
      </SimpleGrid>
    </>
  );
}
