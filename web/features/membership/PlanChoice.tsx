import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import { Alert, Badge, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { TPlan } from '../../../domain/contracts/plans';
import { PlanFacts } from './PlanFacts';

/** The plans on offer as cards, one to choose; the member's current plan is marked. */
export function PlanChoice({
  plans,
  planId,
  label,
  error,
  currentPlanId,
  onChoose,
}: {
  plans: readonly TPlan[];
  planId: number | null;
  label: string;
  error?: string;
  currentPlanId?: number | null;
  onChoose: (planId: number) => void;
}) {
  const { t } = useTranslation();
  if (plans.length === 0) {
    return (
      <Alert color="gray" variant="light">
        {t('membership.plan.none')}
      </Alert>
    );
  }
  return (
    <Radio.Group
      value={planId === null ? null : String(planId)}
      onChange={(value) => onChoose(Number(value))}
      label={label}
      error={error}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="sm">
        {plans.map((plan) => (
          <Radio.Card key={plan.id} value={String(plan.id)} p="md" radius="md" h="100%">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator aria-hidden />
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={650}>{plan.MembershipType}</Text>
                  {plan.id === currentPlanId && (
                    <Badge variant="outline" color="teal.9">
                      {t('membership.plan.current')}
                    </Badge>
                  )}
                </Group>
                <PlanFacts plan={plan} />
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
