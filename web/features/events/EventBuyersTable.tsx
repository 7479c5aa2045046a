import '@mantine/core/styles/Table.css';
import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { TEventBuyers } from '../../../domain/contracts/events';
import { formatNumber, formatPhone, formatReceiptDateTime } from '../../lib/format';
import { displayTimeZone } from '../../components/display-time-zone';
import { moneyText } from '../../components/money-text';
import { EmailText } from '../../components/EmailText';

/** Who paid what for an event: the list a treasurer refunds from. */
export function EventBuyersTable({ answer }: { answer: TEventBuyers }) {
  const { t } = useTranslation();
  if (answer.buyers.length === 0) return <Text>{t('manageEvents.buyers.none')}</Text>;
  return (
    <Stack gap="sm">
      <Text fw={600}>
        {t('manageEvents.buyers.total', {
          count: answer.buyers.length,
          amount: moneyText(answer.total),
        })}
      </Text>
      {/* Focusable and named, so a keyboard can scroll a table wider than a phone */}
      <Table.ScrollContainer
        minWidth={720}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={t('manageEvents.buyers.tableLabel')}
      >
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('manageEvents.buyers.name')}</Table.Th>
              <Table.Th scope="col">{t('manageEvents.buyers.contact')}</Table.Th>
              <Table.Th scope="col">{t('manageEvents.buyers.kind')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('manageEvents.buyers.seats')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('manageEvents.buyers.amount')}
              </Table.Th>
              <Table.Th scope="col">{t('manageEvents.buyers.transaction')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.buyers.map((buyer) => (
              <Table.Tr key={buyer.transactionID}>
                <Table.Td>{buyer.name}</Table.Td>
                <Table.Td>
                  <EmailText email={buyer.email} />
                  {buyer.contact ? <Text size="sm">{formatPhone(buyer.contact)}</Text> : null}
                </Table.Td>
                <Table.Td>{buyer.ticketKind}</Table.Td>
                <Table.Td ta="right">{formatNumber(buyer.seats)}</Table.Td>
                <Table.Td ta="right">
                  {moneyText(buyer.amount)}
                  {buyer.status === 'refunded' ? ` (${t('manageEvents.buyers.refunded')})` : ''}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {buyer.transactionID}
                  </Text>
                  {buyer.paidAt && (
                    <Text size="sm">{formatReceiptDateTime(buyer.paidAt, displayTimeZone())}</Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
