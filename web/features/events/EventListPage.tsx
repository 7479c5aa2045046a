import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { PageTitle } from '../../components/PageTitle';
import { useCurrentUpcomingEvents } from './api/get-events';
import { EventCard } from './EventCard';
import { EventListSkeleton } from './EventListSkeleton';

/** `#/event`: the public list of today's and coming events. */
export function EventListPage() {
  const { t } = useTranslation();
  const events = useCurrentUpcomingEvents();

  return (
    <Stack gap="lg">
      <PageTitle>{t('pages.events.title')}</PageTitle>
      <Text>{t('events.list.intro')}</Text>
      {events.isPending ? (
        <EventListSkeleton />
      ) : events.isError ? (
        <LoadErrorAlert
          error={events.error}
          retrying={events.isFetching}
          onRetry={() => void events.refetch()}
        />
      ) : events.data.length === 0 ? (
        <Alert
          variant="light"
          color="gray"
          icon={<IconCalendarOff aria-hidden />}
          title={t('events.list.emptyTitle')}
        >
          {t('events.list.empty')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {events.data.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
