import { Anchor, Table } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import type { TTicketReportRow } from '../../../domain/contracts/reports';
import { formatNumber, formatTableDate } from '../../lib/format';
import { ticketCount, ticketKindOf } from '../../../domain/display';
import { displayTimeZone } from '../../components/display-time-zone';
import { PersonCell } from './PersonCell';
import { ReportMoneyCells, ReportTotalsRow, useMoneyHeaders } from './ReportMoneyCells';
import { ReportTable } from './ReportTable';
import { methodText } from '../offline-payments/method-text';

/**
 * Spec 01 §2.5's ticket columns, the price as gross, refunded and net (issue 15) with their
 * totals; a table for 10 always counts 10 tickets.
 */
export function TicketReportTable({
  rows,
  onRefunded,
}: {
  rows: readonly TTicketReportRow[];
  onRefunded: () => void;
}) {
  const { t } = useTranslation();
  const moneyHeaders = useMoneyHeaders();
  const zone = displayTimeZone();
  const ticketKindText = (productName: string) => {
    const kind = ticketKindOf(productName);
    return kind ? t(`reports.ticketKind.${kind}`) : productName;
  };
  return (
    <ReportTable
      label={t('reports.ticket.title')}
      minWidth={1300}
      headers={[
        t('reports.ticket.member'),
        t('reports.transactionId'),
        t('reports.ticket.event'),
        t('reports.ticket.tickets'),
        t('reports.ticket.kind'),
        t('reports.paidBy'),
        t('reports.ticket.eventDate'),
        t('reports.createdDate'),
        ...moneyHeaders,
      ]}
      footer={<ReportTotalsRow rows={rows} leading={8} />}
    >
      {rows.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <PersonCell name={row.memberName} email={row.email} avatar />
          </Table.Td>
          <Table.Td style={{ wordBreak: 'break-all' }}>{row.transactionID}</Table.Td>
          <Table.Td>
            <Anchor component={Link} to={`/viewevent/${row.eventID}`} size="sm">
              {row.eventName}
            </Anchor>
          </Table.Td>
          <Table.Td>{formatNumber(ticketCount(row.productName, row.dependent))}</Table.Td>
          <Table.Td>{ticketKindText(row.productName)}</Table.Td>
          <Table.Td>{methodText(row, t)}</Table.Td>
          <Table.Td>{formatTableDate(row.eventDate, zone)}</Table.Td>
          <Table.Td>{formatTableDate(row.created_at, zone)}</Table.Td>
          <ReportMoneyCells row={row} onRefunded={onRefunded} />
        </Table.Tr>
      ))}
    </ReportTable>
  );
}
