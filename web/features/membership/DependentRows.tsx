import '@mantine/core/styles/ActionIcon.css';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import type { TFieldErrors } from '../../lib/form-errors';
import type { TDependentValues } from './dependent-values';

/** Dependents as rows of name and birth date, added up to the plan's limit and removed at will. */
export function DependentRows({
  dependents,
  max,
  limitText,
  errors,
  today,
  onChange,
  onAdd,
  onRemove,
}: {
  dependents: readonly TDependentValues[];
  max: number;
  /** The free slots told above the rows, e.g. "Up to 6 dependents on this plan." */
  limitText: string;
  /** Keyed 'dependents.<index>.<field>', and 'dependents' for the list. */
  errors: TFieldErrors;
  today: string;
  onChange: (index: number, field: 'name' | 'dateOfBirth', value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm">{limitText}</Text>
      {dependents.map((dependent, index) => {
        const number = index + 1;
        return (
          <Group key={dependent.key} align="flex-start" wrap="wrap" gap="sm">
            <TextInput
              label={t('membership.dependents.dependentName', { number })}
              value={dependent.name}
              onChange={(event) => onChange(index, 'name', event.currentTarget.value)}
              error={errors[`dependents.${index}.name`]}
              required
              style={{ flex: '2 1 14rem' }}
            />
            <TextInput
              label={t('membership.dependents.dependentBirth', { number })}
              type="date"
              max={today}
              value={dependent.dateOfBirth}
              onChange={(event) => onChange(index, 'dateOfBirth', event.currentTarget.value)}
              error={errors[`dependents.${index}.dateOfBirth`]}
              required
              style={{ flex: '1 1 10rem' }}
            />
            <ActionIcon
              variant="default"
              size="lg"
              mt={28}
              onClick={() => onRemove(index)}
              aria-label={t('membership.dependents.removeDependent', { number })}
            >
              <IconTrash aria-hidden size={18} />
            </ActionIcon>
          </Group>
        );
      })}
      {errors.dependents && (
        <Text size="sm" c="red.9" role="alert">
          {errors.dependents}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus aria-hidden size={18} />}
          onClick={onAdd}
          disabled={dependents.length >= max}
        >
          {t('membership.dependents.addDependent')}
        </Button>
      </Group>
    </Stack>
  );
}
