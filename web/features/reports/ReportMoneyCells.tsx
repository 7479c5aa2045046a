import { Group, Table, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { TMemberReportRow } from '../../../domain/contracts/reports';
import { moneyText } from '../../components/money-text';
import { RefundButton, RefundStateBadge } from '../refunds/RefundControls';
import { refundableOf, reportTotals } from './report-money';

type TMoneyRow = Pick<
  TMemberReportRow,
  'transactionID' | 'price' | 'refunded' | 'net' | 'refundState'
>;

/** The money headers both report tables end with. */
export function useMoneyHeaders(): string[] {
  const { t } = useTranslation();
  return [t('reports.gross'), t('reports.refunded'), t('reports.net'), t('reports.refundColumn')];
}

/** Gross, refunded, net, then the refund state and (admins) the Refund button. */
export function ReportMoneyCells({ row, onRefunded }: { row: TMoneyRow; onRefunded: () => void }) {
  const payment = refundableOf(row);
  return (
    <>
      <Table.Td>{moneyText(row.price)}</Table.Td>
      <Table.Td>{moneyText(row.refunded)}</Table.Td>
      <Table.Td>{moneyText(row.net)}</Table.Td>
      <Table.Td>
        {/* As wide as the badge and the button need: the table grows and scrolls rather than
            cutting the state short and the button off */}
        <Group gap="xs" wrap="nowrap" miw="max-content">
          <RefundStateBadge payment={payment} />
          <RefundButton payment={payment} onRefunded={onRefunded} />
        </Group>
      </Table.Td>
    </>
  );
}

/** The totals row: a label spanning the leading columns, then the summed money. */
export function ReportTotalsRow({
  rows,
  leading,
}: {
  rows: readonly TMoneyRow[];
  leading: number;
}) {
  const { t } = useTranslation();
  const totals = reportTotals(rows);
  return (
    <Table.Tr>
      <Table.Th scope="row" colSpan={leading}>
        {t('reports.totals')}
      </Table.Th>
      <Table.Td>
        <Text fw={700} size="sm">
          {moneyText(totals.gross)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text fw={700} size="sm">
          {moneyText(totals.refunded)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text fw={700} size="sm">
          {moneyText(totals.net)}
        </Text>
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  );
}
