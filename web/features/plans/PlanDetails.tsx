import { Button, Card, Group, Table, Title } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TPlan } from '../../../domain/contracts/plans';
import { moneyText } from '../../components/money-text';
import { formatNumber } from '../../lib/format';

/** The read-only detail list of one plan as stored (spec 02 §2.5 "View"). */
export function PlanDetails({
  plan,
  onClose,
  ref,
}: {
  plan: TPlan;
  onClose: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  const rows = [
    { label: t('plans.columns.type'), value: plan.MembershipType },
    { label: t('plans.columns.prefix'), value: plan.prefix },
    { label: t('plans.columns.spouse'), value: plan.haveSpouse ? t('plans.yes') : t('plans.no') },
    { label: t('plans.columns.fee'), value: moneyText(plan.PlanFee) },
    { label: t('plans.columns.maxDependent'), value: formatNumber(plan.maxDependent) },
    { label: t('plans.columns.dependentFee'), value: moneyText(plan.predependentFee) },
    { label: t('plans.columns.serviceCharge'), value: formatNumber(plan.serviceCharge) },
    { label: t('plans.columns.validityType'), value: t(`plans.validity.${plan.validityType}`) },
    {
      label: t('plans.columns.status'),
      value: plan.is_active ? t('plans.active') : t('plans.inactive'),
    },
  ];
  return (
    <Card withBorder padding="lg" ref={ref} tabIndex={-1} aria-labelledby="plan-details-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="plan-details-title">
          {t('plans.detailsTitle', { plan: plan.MembershipType })}
        </Title>
        <Button variant="default" size="xs" onClick={onClose}>
          {t('plans.close')}
        </Button>
      </Group>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th w={{ base: 150, sm: 220 }}>{row.label}</Table.Th>
              <Table.Td>{row.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
