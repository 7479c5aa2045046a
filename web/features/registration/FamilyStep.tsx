import '@mantine/core/styles/Switch.css';
import { Divider, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { MAX_DEPENDENTS } from '../../../domain/constants';
import type { TPlan } from '../../../domain/contracts/plans';
import type { TFieldErrors } from '../../lib/form-errors';
import { PhoneInput } from '../membership/PhoneInput';
import type { TDependentValues } from '../membership/dependent-values';
import { DependentRows } from '../membership/DependentRows';
import type { TSpouseValues } from '../membership/spouse-values';

/** Step (c): the spouse (only on a plan with one; optional) and the dependents. */
export function FamilyStep({
  plan,
  withSpouse,
  spouse,
  dependents,
  errors,
  today,
  onSpouseToggle,
  onSpouseChange,
  onDependentChange,
  onAddDependent,
  onRemoveDependent,
}: {
  plan: TPlan;
  withSpouse: boolean;
  spouse: TSpouseValues;
  dependents: readonly TDependentValues[];
  errors: TFieldErrors;
  today: string;
  onSpouseToggle: (withSpouse: boolean) => void;
  onSpouseChange: (field: keyof TSpouseValues, value: string) => void;
  onDependentChange: (index: number, field: 'name' | 'dateOfBirth', value: string) => void;
  onAddDependent: () => void;
  onRemoveDependent: (index: number) => void;
}) {
  const { t } = useTranslation();
  const max = Math.min(plan.maxDependent, MAX_DEPENDENTS);
  const text = (field: keyof TSpouseValues) => ({
    value: spouse[field],
    error: errors[`spouse.${field}`],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      onSpouseChange(field, event.currentTarget.value),
  });
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('registration.family.spouseTitle')}
        </Title>
        {plan.haveSpouse ? (
          <>
            <Switch
              label={t('registration.family.addSpouse')}
              checked={withSpouse}
              onChange={(event) => onSpouseToggle(event.currentTarget.checked)}
              error={errors.spouse}
            />
            {withSpouse && (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('membership.fields.spouseFirstName')}
                    {...text('spouseFirstName')}
                    required
                  />
                  <TextInput
                    label={t('membership.fields.spouseLastName')}
                    {...text('spouseLastName')}
                    required
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput
                    label={t('membership.fields.spouseEmail')}
                    type="email"
                    {...text('spouseemail')}
                  />
                  <PhoneInput
                    label={t('membership.fields.spousePhone')}
                    value={spouse.spousecontactPhone}
                    onChange={(phone) => onSpouseChange('spousecontactPhone', phone)}
                    error={errors['spouse.spousecontactPhone']}
                    autoComplete="off"
                  />
                  <TextInput
                    label={t('membership.fields.spouseDateOfBirth')}
                    type="date"
                    max={today}
                    {...text('spousedateOfBirth')}
                  />
                </SimpleGrid>
              </>
            )}
          </>
        ) : (
          <Text size="sm">{t('registration.family.noSpouse', { plan: plan.MembershipType })}</Text>
        )}
      </Stack>
      <Divider />
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('registration.family.dependentsTitle')}
        </Title>
        <DependentRows
          dependents={dependents}
          max={max}
          limitText={t('registration.family.dependentsLimit', { max })}
          errors={errors}
          today={today}
          onChange={onDependentChange}
          onAdd={onAddDependent}
          onRemove={onRemoveDependent}
        />
      </Stack>
    </Stack>
  );
}
