import { Button, Group, NativeSelect, NumberInput, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { pickerValueFormat } from '../../i18n/dates-locale';
import { DecimalInput } from '../../components/DecimalInput';
import { decimalMark } from '../../lib/format';
import { VALIDITY_TYPES, type TValidityType } from '../../../domain/constants';
import type { TPlan } from '../../../domain/contracts/plans';
import type { TFieldErrors } from '../../lib/form-errors';
import { planUpdateOf, type TPlanRowValues } from './plan-form';
import { rowStateOf, withEdit, withSaved, withStoredPlan } from './plan-row-state';
import { useSavePlan } from './use-save-plan';
import { stickyClassOf } from './plan-columns';

/**
 * One plan, edited in place (spec 02 §2.5). Each control is named by its column and the plan,
 * so a screen reader tells "Max Dependent (Family Membership)" from the next row's. The row
 * shows only the chosen validity's dates: an Unlimited plan has none.
 */
export function PlanRow({ plan, onView }: { plan: TPlan; onView: (plan: TPlan) => void }) {
  const { t, i18n } = useTranslation();
  const [row, setRow] = useState(() => rowStateOf(plan));
  // The list fetched again (after a save, or another admin's change) reaches the fields here
  if (row.stored !== plan) setRow(withStoredPlan(row, plan));
  const { values } = row;
  const [errors, setErrors] = useState<TFieldErrors>({});
  const { save, saving } = useSavePlan(setErrors);
  const set = <K extends keyof TPlanRowValues>(field: K, value: TPlanRowValues[K]) =>
    setRow((current) => withEdit(current, field, value));
  const saveRow = () => {
    const sent = values;
    save(plan, planUpdateOf(sent, plan), (saved) =>
      setRow((current) => withSaved(current, sent, saved)),
    );
  };
  const name = (column: string) => t('plans.cellLabel', { column, plan: plan.MembershipType });
  const text = (field: 'MembershipType' | 'prefix', column: string) => ({
    'aria-label': name(column),
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value),
    size: 'xs' as const,
  });
  const amount = (field: 'PlanFee' | 'predependentFee', column: string) => ({
    'aria-label': name(column),
    value: values[field],
    error: errors[field],
    onChange: (decimal: string) => set(field, decimal),
    size: 'xs' as const,
  });
  const yesNo = [
    { value: 'true', label: t('plans.yes') },
    { value: 'false', label: t('plans.no') },
  ];

  return (
    <Table.Tr>
      <Table.Td miw={180} className={stickyClassOf('type')}>
        <TextInput {...text('MembershipType', t('plans.columns.type'))} />
      </Table.Td>
      <Table.Td w={90}>
        <TextInput {...text('prefix', t('plans.columns.prefix'))} />
      </Table.Td>
      <Table.Td w={110}>
        <DecimalInput {...amount('PlanFee', t('plans.columns.fee'))} />
      </Table.Td>
      <Table.Td w={100}>
        <NativeSelect
          aria-label={name(t('plans.columns.spouse'))}
          data={yesNo}
          value={String(values.haveSpouse)}
          onChange={(event) => set('haveSpouse', event.currentTarget.value === 'true')}
          size="xs"
        />
      </Table.Td>
      <Table.Td w={110}>
        <DecimalInput {...amount('predependentFee', t('plans.columns.dependentFee'))} />
      </Table.Td>
      <Table.Td w={100}>
        <NumberInput
          aria-label={name(t('plans.columns.maxDependent'))}
          value={values.maxDependent}
          onChange={(value) => set('maxDependent', value)}
          error={errors.maxDependent}
          allowDecimal={false}
          size="xs"
        />
      </Table.Td>
      <Table.Td w={100}>
        <NumberInput
          aria-label={name(t('plans.columns.serviceCharge'))}
          value={values.serviceCharge}
          onChange={(value) => set('serviceCharge', value)}
          error={errors.serviceCharge}
          decimalScale={2}
          decimalSeparator={decimalMark()}
          min={0}
          max={100}
          size="xs"
        />
      </Table.Td>
      <Table.Td w={130}>
        <NativeSelect
          aria-label={name(t('plans.columns.validityType'))}
          data={VALIDITY_TYPES.map((type) => ({ value: type, label: t(`plans.validity.${type}`) }))}
          value={values.validityType}
          onChange={(event) => set('validityType', event.currentTarget.value as TValidityType)}
          size="xs"
        />
      </Table.Td>
      <Table.Td w={120}>
        <NativeSelect
          aria-label={name(t('plans.columns.status'))}
          data={[
            { value: 'true', label: t('plans.active') },
            { value: 'false', label: t('plans.inactive') },
          ]}
          value={String(values.is_active)}
          onChange={(event) => set('is_active', event.currentTarget.value === 'true')}
          size="xs"
        />
      </Table.Td>
      {values.validityType === 'Limited' ? (
        <>
          <Table.Td w={150}>
            <DatePickerInput
              aria-label={name(t('plans.columns.validityStart'))}
              value={values.validityFrom}
              onChange={(date) => set('validityFrom', date)}
              error={errors.validityFrom}
              valueFormat={pickerValueFormat(i18n.language, 'MMM D, YYYY')}
              placeholder={t('plans.pickDate')}
              size="xs"
            />
          </Table.Td>
          <Table.Td w={150}>
            <DatePickerInput
              aria-label={name(t('plans.columns.validityEnd'))}
              value={values.validityTo}
              onChange={(date) => set('validityTo', date)}
              minDate={values.validityFrom ?? undefined}
              error={errors.validityTo}
              valueFormat={pickerValueFormat(i18n.language, 'MMM D, YYYY')}
              placeholder={t('plans.pickDate')}
              size="xs"
            />
          </Table.Td>
        </>
      ) : (
        <Table.Td colSpan={2}>
          <Text size="sm">{t('plans.noWindow')}</Text>
        </Table.Td>
      )}
      <Table.Td className={stickyClassOf('action')}>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => onView(plan)}
            aria-label={t('plans.viewNamed', { plan: plan.MembershipType })}
          >
            {t('plans.view')}
          </Button>
          <Button
            size="xs"
            loading={saving}
            onClick={saveRow}
            aria-label={t('plans.updateNamed', { plan: plan.MembershipType })}
          >
            {t('plans.update')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
