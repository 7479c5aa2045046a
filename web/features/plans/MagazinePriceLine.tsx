import { Button, Group, Paper, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TPlan } from '../../../domain/contracts/plans';
import { moneyText } from '../../components/money-text';
import type { TFieldErrors } from '../../lib/form-errors';
import { magazinePriceUpdateOf } from './plan-form';
import { useSavePlan } from './use-save-plan';
import { DecimalInput } from '../../components/DecimalInput';

/**
 * The magazine plan's price (spec 02 §2.5): shown with an Update button that reveals a new-price
 * input and an Update Price button. The price is also the plan's fee (DESIGN §3d).
 */
export function MagazinePriceLine({ plan }: { plan: TPlan }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const { save, saving } = useSavePlan(setErrors);
  const current = plan.PlanType ?? plan.PlanFee;

  function submit(event: FormEvent) {
    event.preventDefault();
    save(plan, magazinePriceUpdateOf(plan, price), () => {
      setEditing(false);
      setPrice('');
    });
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <Text>
          {t('plans.magazine.current', { plan: plan.MembershipType })}{' '}
          <Text span fw={700} data-testid="magazine-price">
            {moneyText(current)}
          </Text>
        </Text>
        {editing ? (
          <form onSubmit={submit} noValidate>
            <Group align="flex-start" gap="sm">
              <DecimalInput
                label={t('plans.magazine.newPrice')}
                value={price}
                onChange={setPrice}
                error={errors.PlanType ?? errors.PlanFee}
                leftSection="$"
                data-autofocus
                w={180}
              />
              <Group gap="xs" mt={26}>
                <Button type="submit" loading={saving}>
                  {t('plans.magazine.updatePrice')}
                </Button>
                <Button
                  variant="default"
                  onClick={() => {
                    setEditing(false);
                    setErrors({});
                  }}
                >
                  {t('plans.cancel')}
                </Button>
              </Group>
            </Group>
          </form>
        ) : (
          <Button variant="light" onClick={() => setEditing(true)}>
            {t('plans.update')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
