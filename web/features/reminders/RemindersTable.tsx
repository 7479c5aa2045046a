import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import type { TReminderEntry } from '../../../domain/contracts/reminders';
import { appSettings } from '../../app/settings';
import { formatCalendarDate, formatLogDateTime } from '../../lib/format';
import { EmailText } from '../../components/EmailText';

/** Who was reminded (each name opens the family), which reminder, when, and whether they renewed since. */
export function RemindersTable({
  entries,
  busy,
}: {
  entries: readonly TReminderEntry[];
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { timeZone } = appSettings();
  return (
    <Table.ScrollContainer minWidth={820} type="native">
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1 }}
      >
        <Table.Caption>{t('reminders.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reminders.columns.member')}</Table.Th>
            <Table.Th>{t('reminders.columns.email')}</Table.Th>
            <Table.Th>{t('reminders.columns.kind')}</Table.Th>
            <Table.Th>{t('reminders.columns.ends')}</Table.Th>
            <Table.Th>{t('reminders.columns.sent')}</Table.Th>
            <Table.Th>{t('reminders.columns.renewed')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/family?memberid=${entry.memberId}`}
                  size="sm"
                  fw={500}
                >
                  {entry.memberName}
                </Anchor>
                {entry.FamilyPlanId && (
                  <Text size="xs" c="dimmed">
                    {entry.FamilyPlanId}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <EmailText email={entry.email} />
              </Table.Td>
              <Table.Td>{t(`reminders.kinds.${entry.kind}`)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatCalendarDate(entry.validityTo)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatLogDateTime(entry.sentAt, timeZone)}
              </Table.Td>
              <Table.Td>
                {entry.renewed ? (
                  <Badge color="green.9" variant="light">
                    {entry.renewedThroughLinkAt
                      ? t('reminders.renewedThroughLink', {
                          at: formatLogDateTime(entry.renewedThroughLinkAt, timeZone),
                        })
                      : t('reminders.renewedYes')}
                  </Badge>
                ) : (
                  <Badge color="gray.8" variant="light">
                    {t('reminders.renewedNo')}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
