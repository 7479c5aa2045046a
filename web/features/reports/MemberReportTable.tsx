import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TMemberReportRow } from '../../../domain/contracts/reports';
import { formatTableDate } from '../../lib/format';
import { fullName, paymentKindOf } from '../../../domain/display';
import { displayTimeZone } from '../../components/display-time-zone';
import { moneyText } from '../../components/money-text';
import { PersonCell } from './PersonCell';
import { ReportTable } from './ReportTable';
import { methodText } from '../offline-payments/method-text';

/** Spec 01 §2.5's membership payment columns. */
export function MemberReportTable({ rows }: { rows: readonly TMemberReportRow[] }) {
  const { t } = useTranslation();
  const zone = displayTimeZone();
  const paymentKindText = (description: string) => {
    const kind = paymentKindOf(description);
    return kind ? t(`reports.paymentKind.${kind}`) : description;
  };
  return (
    <ReportTable
      label={t('reports.member.title')}
      minWidth={900}
      headers={[
        t('reports.member.member'),
        t('reports.member.plan'),
        t('reports.transactionId'),
        t('reports.member.description'),
        t('reports.price'),
        t('reports.paidBy'),
        t('reports.createdDate'),
      ]}
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
          <Table.Td>{moneyText(row.price)}</Table.Td>
          <Table.Td>{methodText(row, t)}</Table.Td>
          <Table.Td>{formatTableDate(row.created_at, zone)}</Table.Td>
        </Table.Tr>
      ))}
    </ReportTable>
  );
}
