import { Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconMapPin, IconTicket, IconUsers, type Icon } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import type { TEvent } from '../../../domain/contracts/events';
import { moneyText } from '../../components/money-text';
import { formatEventWhen, seatsLine } from './event-facts';

/** When and where, the three prices and the seats left, as the list and the event page show them. */
export function EventFacts({ event }: { event: TEvent }) {
  const { t } = useTranslation();
  // The icon keeps its size when the text beside it wraps (a flex item would shrink), level
  // with the first line
  const line = (LineIcon: Icon, text: string) => (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <LineIcon aria-hidden size={20} style={{ flexShrink: 0, marginTop: 2 }} />
      <Text>{text}</Text>
    </Group>
  );
  const seats = seatsLine(event);
  return (
    <Stack gap={6}>
      {line(IconCalendar, formatEventWhen(event))}
      {event.venue && line(IconMapPin, event.venue)}
      {line(
        IconTicket,
        t('events.facts.prices', {
          member: moneyText(event.memberPrice),
          nonMember: moneyText(event.nonMemberPrice),
          table: moneyText(event.tablePrice),
        }),
      )}
      {line(IconUsers, t(seats.key, seats.values))}
    </Stack>
  );
}
