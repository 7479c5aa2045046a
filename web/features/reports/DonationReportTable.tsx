import { Table } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { TDonationReportRow } from '../../../domain/contracts/donations';
import { displayTimeZone } from '../../components/display-time-zone';
import { formatPhone, formatTableDate } from '../../lib/format';
import { PersonCell } from './PersonCell';
import { ReportMoneyCells, ReportTotalsRow, useMoneyHeaders } from './ReportMoneyCells';
import { ReportTable } from './ReportTable';

/**
 * The donations of the range: donor, dedication, date, then the gift as gross, refunded and net
 * with the refund controls and their totals, like the payment reports.
 */
export function DonationReportTable({
  rows,
  onRefunded,
}: {
  rows: readonly TDonationReportRow[];
  onRefunded: () => void;
}) {
  const { t } = useTranslation();
  const moneyHeaders = useMoneyHeaders();
  const zone = displayTimeZone();
  return (
    <ReportTable
      label={t('reports.donation.title')}
      minWidth={1100}
      headers={[
        t('reports.donation.donor'),
        t('reports.donation.phone'),
        t('reports.donation.dedication'),
        t('reports.transactionId'),
        t('reports.createdDate'),
        ...moneyHeaders,
      ]}
      footer={<ReportTotalsRow rows={rows} leading={5} />}
    >
      {rows.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <PersonCell name={row.donorName} email={row.email} avatar />
          </Table.Td>
          <Table.Td>{row.contact ? formatPhone(row.contact) : ''}</Table.Td>
          <Table.Td>{row.dedication}</Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }}>{row.transactionID}</Table.Td>
          <Table.Td>{formatTableDate(row.created_at, zone)}</Table.Td>
          <ReportMoneyCells row={row} onRefunded={onRefunded} />
        </Table.Tr>
      ))}
    </ReportTable>
  );
}
