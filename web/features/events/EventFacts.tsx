import { Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconMapPin, IconTicket, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TEvent } from '../../../domain/contracts/events';
import { moneyText } from '../../components/money-text';
import { formatEventWhen, seatsLine } from './event-facts';

/** When and where, the three prices and the seats left, as the list and the event page show them. */
export function EventFacts({ event }: { event: TEvent }) {
  const { t } = useTranslation();
  const line = (icon: ReactNode, text: string) => (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      {icon}
      <Text>{text}</Text>
    </Group>
  );
  const seats = seatsLine(event);
  return (
    <Stack gap={6}>
      {line(<IconCalendar aria-hidden size={20} />, formatEventWhen(event))}
      {event.venue && line(<IconMapPin aria-hidden size={20} />, event.venue)}
      {line(
        <IconTicket aria-hidden size={20} />,
        t('events.facts.prices', {
          member: moneyText(event.memberPrice),
          nonMember: moneyText(event.nonMemberPrice),
          table: moneyText(event.tablePrice),
        }),
      )}
      {line(<IconUsers aria-hidden size={20} />, t(seats.key, seats.values))}
    </Stack>
  );
}
