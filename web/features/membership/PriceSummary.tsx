import '@mantine/core/styles/Table.css';
import { Table, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoney } from '../../lib/format';
import type { TPriceSummary } from './price-summary';

/**
 * What the checkout will charge, line by line; the total is announced politely as choices
 * change it. `feeLabel` names the fee line (the magazine plan's is its magazine price).
 */
export function PriceSummary({ summary, feeLabel }: { summary: TPriceSummary; feeLabel?: string }) {
  const { t } = useTranslation();
  const rows = [
    ...(summary.planFeeCents === undefined
      ? []
      : [{ label: feeLabel ?? t('membership.price.planFee'), cents: summary.planFeeCents }]),
    {
      label: t('membership.price.dependents', {
        count: summary.dependents,
        fee: formatMoney(summary.dependentFeeCents),
      }),
      cents: summary.dependents * summary.dependentFeeCents,
    },
    {
      label: t('membership.price.service', { percent: summary.serviceChargePercent }),
      cents: summary.serviceCents,
    },
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Caption>{t('membership.price.caption')}</Table.Caption>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th>{row.label}</Table.Th>
            <Table.Td ta="right">{formatMoney(row.cents)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th>{t('membership.price.total')}</Table.Th>
          <Table.Td ta="right" aria-live="polite">
            <Text fw={700} span data-testid="price-total">
              {formatMoney(summary.totalCents)}
            </Text>
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
