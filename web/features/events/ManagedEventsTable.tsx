import '@mantine/core/styles/Table.css';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import {
  IconBan,
  IconCash,
  IconHourglass,
  IconPencil,
  IconReceipt,
  IconScan,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import type { TManagedEvent } from '../../../domain/contracts/events';
import { StoredImage } from '../../components/StoredImage';
import { formatNumber } from '../../lib/format';
import { formatEventWhen } from './event-facts';

export type TEventAction = 'edit' | 'buyers' | 'offline' | 'waitlist' | 'cancel' | 'delete';

/** Each row's buttons: who sees them (DESIGN §3c) and whether a cancelled event still has them. */
const ACTIONS: readonly { action: TEventAction; Icon: Icon; admins: boolean; liveOnly: boolean }[] =
  [
    { action: 'edit', Icon: IconPencil, admins: false, liveOnly: true },
    { action: 'buyers', Icon: IconReceipt, admins: true, liveOnly: false },
    { action: 'offline', Icon: IconCash, admins: true, liveOnly: true },
    { action: 'waitlist', Icon: IconHourglass, admins: false, liveOnly: false },
    { action: 'cancel', Icon: IconBan, admins: true, liveOnly: true },
    { action: 'delete', Icon: IconTrash, admins: true, liveOnly: false },
  ];

/** The manage screen's rows: the event, its state, its seats sold, held and left, and arrived / sold. */
export function ManagedEventsTable({
  events,
  today,
  canRemove,
  onAction,
}: {
  events: readonly TManagedEvent[];
  /** 'YYYY-MM-DD' in the association's time zone. */
  today: string;
  /** Admins (not temporary admins) may see buyers, cancel and delete. */
  canRemove: boolean;
  onAction: (action: TEventAction, event: TManagedEvent) => void;
}) {
  const { t } = useTranslation();
  const stateOf = (event: TManagedEvent) =>
    event.status === 'cancelled'
      ? t('manageEvents.state.cancelled')
      : event.eventDate < today
        ? t('manageEvents.state.past')
        : event.eventDate === today
          ? t('manageEvents.state.today')
          : t('manageEvents.state.upcoming');

  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing={8}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('manageEvents.columns.event')}</Table.Th>
            <Table.Th scope="col">{t('manageEvents.columns.state')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('manageEvents.columns.sold')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('manageEvents.columns.held')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('manageEvents.columns.left')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('manageEvents.columns.capacity')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('manageEvents.columns.arrived')}
            </Table.Th>
            <Table.Th scope="col">{t('manageEvents.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => {
            const state = stateOf(event);
            const live = event.status === 'scheduled';
            return (
              <Table.Tr key={event.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <StoredImage
                      src={event.eventImage}
                      alt={event.eventName}
                      width={64}
                      height={36}
                    />
                    <Stack gap={0} miw={150}>
                      <Anchor component={Link} to={`/viewevent/${event.id}`} fw={600}>
                        {event.eventName}
                      </Anchor>
                      <Text size="sm">
                        {formatEventWhen(event)}
                        {event.venue ? ` · ${event.venue}` : ''}
                      </Text>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {state}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatNumber(event.sold)}</Table.Td>
                <Table.Td ta="right">{formatNumber(event.held)}</Table.Td>
                <Table.Td ta="right">{formatNumber(event.seatsLeft)}</Table.Td>
                <Table.Td ta="right">{formatNumber(event.capacity)}</Table.Td>
                <Table.Td ta="right">
                  <Stack gap={4} align="flex-end">
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {t('manageEvents.arrivedOfSold', {
                        arrived: event.arrived,
                        sold: event.sold,
                      })}
                    </Text>
                    {live && (
                      <Button
                        component={Link}
                        to={`/checkin/${event.id}`}
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconScan aria-hidden size={14} />}
                        aria-label={t('manageEvents.actions.checkinNamed', {
                          name: event.eventName,
                        })}
                      >
                        {t('manageEvents.actions.checkin')}
                      </Button>
                    )}
                  </Stack>
                </Table.Td>
                {/* The actions wrap onto more lines rather than squeeze the event's name or make
                    the table wider than a laptop's screen */}
                <Table.Td>
                  <Group gap="xs">
                    {ACTIONS.filter(
                      (action) => (!action.admins || canRemove) && (!action.liveOnly || live),
                    ).map(({ action, Icon }) => (
                      <Button
                        key={action}
                        size="compact-sm"
                        variant="default"
                        leftSection={<Icon aria-hidden size={14} />}
                        aria-label={t(`manageEvents.actions.${action}Named`, {
                          name: event.eventName,
                        })}
                        onClick={() => onAction(action, event)}
                      >
                        {t(`manageEvents.actions.${action}`)}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
