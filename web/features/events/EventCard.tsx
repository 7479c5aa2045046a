import '@mantine/core/styles/Badge.css';
import { Anchor, Button, Card, Stack, Title } from '@mantine/core';
import { StoredImage } from '../../components/StoredImage';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import type { TEvent } from '../../../domain/contracts/events';
import { EventFacts } from './EventFacts';

export function EventCard({ event }: { event: TEvent }) {
  const { t } = useTranslation();
  const to = `/viewevent/${event.id}`;
  return (
    <Card withBorder padding="lg" radius="md" component="article">
      <Card.Section mb="md">
        <StoredImage
          src={event.eventImage}
          alt={event.eventName}
          width={800}
          height={400}
          radius={0}
          fluid
        />
      </Card.Section>
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap="sm">
          <Title order={2} size="h3">
            <Anchor component={Link} to={to} inherit>
              {event.eventName}
            </Anchor>
          </Title>
          <EventFacts event={event} />
        </Stack>
        <Button
          component={Link}
          to={to}
          variant="light"
          aria-label={t('events.list.openNamed', { name: event.eventName })}
        >
          {t('events.list.open')}
        </Button>
      </Stack>
    </Card>
  );
}
