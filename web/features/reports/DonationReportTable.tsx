import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDonationReportRow } from '../../../domain/contracts/donations';
import { parseMoney } from '../../../domain/money';
import { displayTimeZone } from '../../components/display-time-zone';
import { moneyText } from '../../components/money-text';
import { formatMoney, formatPhone, formatTableDate } from '../../lib/format';
import { PersonCell } from './PersonCell';
import { ReportTable } from './ReportTable';

/** The donations of the range: donor, dedication, gross gift, date, and the total under them. */
export function DonationReportTable({ rows }: { rows: readonly TDonationReportRow[] }) {
  const { t } = useTranslation();
  const zone = displayTimeZone();
  const totalCents = rows.reduce((sum, row) => sum + (parseMoney(row.price) ?? 0), 0);
  return (
    <ReportTable
      label={t('reports.donation.title')}
      minWidth={900}
      headers={[
        t('reports.donation.donor'),
        t('reports.donation.phone'),
        t('reports.donation.dedication'),
        t('reports.transactionId'),
        t('reports.donation.gross'),
        t('reports.createdDate'),
      ]}
      footer={
        <Table.Tr>
          <Table.Th scope="row" colSpan={4}>
            {t('reports.donation.total', { count: rows.length })}
          </Table.Th>
          <Table.Td fw={700} data-testid="donation-total">
            {formatMoney(totalCents)}
          </Table.Td>
          <Table.Td />
        </Table.Tr>
      }
    >
      {rows.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <PersonCell name={row.donorName} email={row.email} avatar />
          </Table.Td>
          <Table.Td>{row.contact ? formatPhone(row.contact) : ''}</Table.Td>
          <Table.Td>{row.dedication}</Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }}>{row.transactionID}</Table.Td>
          <Table.Td>{moneyText(row.price)}</Table.Td>
          <Table.Td>{formatTableDate(row.created_at, zone)}</Table.Td>
        </Table.Tr>
      ))}
    </ReportTable>
  );
}
