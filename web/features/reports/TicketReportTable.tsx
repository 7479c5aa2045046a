import '@mantine/core/styles/Table.css';
import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TTicketReportRow } from '../../../domain/contracts/reports';
import { formatTableDate } from '../../../domain/dates';
import { ticketCount, ticketKindLabel } from '../../../domain/display';
import { displayTimeZone } from '../../components/display-time-zone';
import { moneyText } from '../../components/money-text';
import { PersonCell } from './PersonCell';

/** Spec 01 §2.5's ticket columns; a table for 10 always counts 10 tickets. */
export function TicketReportTable({ rows }: { rows: readonly TTicketReportRow[] }) {
  const { t } = useTranslation();
  const zone = displayTimeZone();
  return (
    <Table.ScrollContainer
      minWidth={1000}
      type="native"
      // Focusable and named, so a keyboard can scroll a table wider than a phone.
      tabIndex={0}
      role="region"
      aria-label={t('reports.ticket.title')}
    >
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.ticket.member')}</Table.Th>
            <Table.Th>{t('reports.transactionId')}</Table.Th>
            <Table.Th>{t('reports.ticket.event')}</Table.Th>
            <Table.Th>{t('reports.ticket.tickets')}</Table.Th>
            <Table.Th>{t('reports.ticket.kind')}</Table.Th>
            <Table.Th>{t('reports.price')}</Table.Th>
            <Table.Th>{t('reports.ticket.eventDate')}</Table.Th>
            <Table.Th>{t('reports.createdDate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
              <Table.Td>{ticketCount(row.productName, row.dependent)}</Table.Td>
              <Table.Td>{ticketKindLabel(row.productName)}</Table.Td>
              <Table.Td>{moneyText(row.price)}</Table.Td>
              <Table.Td>{formatTableDate(row.eventDate, zone)}</Table.Td>
              <Table.Td>{formatTableDate(row.created_at, zone)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
