import { Table } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { TMemberReportRow } from '../../../domain/contracts/reports';
import { formatTableDate } from '../../lib/format';
import { fullName, paymentKindOf } from '../../../domain/display';
import { displayTimeZone } from '../../components/display-time-zone';
import { PersonCell } from './PersonCell';
import { ReportMoneyCells, ReportTotalsRow, useMoneyHeaders } from './ReportMoneyCells';
import { ReportTable } from './ReportTable';
import { methodText } from '../offline-payments/method-text';

/** Spec 01 §2.5's membership payment columns, the price as gross, refunded and net with totals. */
export function MemberReportTable({
  rows,
  onRefunded,
}: {
  rows: readonly TMemberReportRow[];
  onRefunded: () => void;
}) {
  const { t } = useTranslation();
  const moneyHeaders = useMoneyHeaders();
  const zone = displayTimeZone();
  const paymentKindText = (description: string) => {
    const kind = paymentKindOf(description);
    return kind ? t(`reports.paymentKind.${kind}`) : description;
  };
  return (
    <ReportTable
      label={t('reports.member.title')}
      minWidth={1200}
      headers={[
        t('reports.member.member'),
        t('reports.member.plan'),
        t('reports.transactionId'),
        t('reports.member.description'),
        t('reports.paidBy'),
        t('reports.createdDate'),
        ...moneyHeaders,
      ]}
      footer={<ReportTotalsRow rows={rows} leading={6} />}
    >
      {rows.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <PersonCell
              name={fullName(row.memberID.MemberFirstName, row.memberID.MemberLastName)}
              email={row.email}
            />
          </Table.Td>
          <Table.Td>{row.productName}</Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }}>{row.transactionID}</Table.Td>
          <Table.Td>{paymentKindText(row.description)}</Table.Td>
          <Table.Td>{methodText(row, t)}</Table.Td>
          <Table.Td>{formatTableDate(row.created_at, zone)}</Table.Td>
          <ReportMoneyCells row={row} onRefunded={onRefunded} />
        </Table.Tr>
      ))}
    </ReportTable>
  );
}
