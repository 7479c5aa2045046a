import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TMemberReportRow } from '../../../domain/contracts/reports';
import { formatTableDate } from '../../../domain/dates';
import { fullName, paymentDescriptionLabel } from '../../../domain/display';
import { displayTimeZone } from '../../components/display-time-zone';
import { moneyText } from '../../components/money-text';
import { PersonCell } from './PersonCell';

/** Spec 01 §2.5's membership payment columns. */
export function MemberReportTable({ rows }: { rows: readonly TMemberReportRow[] }) {
  const { t } = useTranslation();
  const zone = displayTimeZone();
  return (
    <Table.ScrollContainer
      minWidth={900}
      type="native"
      // Focusable and named, so a keyboard can scroll a table wider than a phone.
      tabIndex={0}
      role="region"
      aria-label={t('reports.member.title')}
    >
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports.member.member')}</Table.Th>
            <Table.Th>{t('reports.member.plan')}</Table.Th>
            <Table.Th>{t('reports.transactionId')}</Table.Th>
            <Table.Th>{t('reports.member.description')}</Table.Th>
            <Table.Th>{t('reports.price')}</Table.Th>
            <Table.Th>{t('reports.createdDate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
              <Table.Td>{paymentDescriptionLabel(row.description)}</Table.Td>
              <Table.Td>{moneyText(row.price)}</Table.Td>
              <Table.Td>{formatTableDate(row.created_at, zone)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
