import '@mantine/core/styles/Skeleton.css';
import { Alert, Anchor, Box, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toCalendarDate } from '../../../domain/dates';
import { ApiError } from '../../lib/api-client';
import { displayTimeZone } from '../../components/display-time-zone';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { PageTitle } from '../../components/PageTitle';
import { StoredImage } from '../../components/StoredImage';
import { useEvent } from './api/get-events';
import { saleStateOf } from './event-facts';
import { EventFacts } from './EventFacts';
import { PurchasePanel } from './PurchasePanel';

function BackToEvents() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/event">
      <Group gap={4} component="span">
        <IconArrowLeft aria-hidden size={18} />
        {t('events.view.back')}
      </Group>
    </Anchor>
  );
}

/** `#/viewevent/:eventid`: the event and, while it is on sale, the ways to buy tickets. */
export function ViewEventPage() {
  const { t } = useTranslation();
  const id = Number(useParams().eventid);
  const validId = Number.isInteger(id) && id > 0;
  const event = useEvent(id);

  const notFound =
    !validId || (event.error instanceof ApiError && event.error.code === 'NOT_FOUND');
  if (notFound) {
    return (
      <Stack gap="lg">
        <BackToEvents />
        <PageTitle>{t('events.view.notFoundTitle')}</PageTitle>
        <Text>{t('events.view.notFound')}</Text>
      </Stack>
    );
  }

  if (event.isError) {
    return (
      <Stack gap="lg">
        <BackToEvents />
        <PageTitle>{t('pages.viewEvent.title')}</PageTitle>
        <LoadErrorAlert
          error={event.error}
          retrying={event.isFetching}
          onRetry={() => void event.refetch()}
        />
      </Stack>
    );
  }

  if (!event.data) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label={t('common.loading')}>
        <BackToEvents />
        <Skeleton height={36} width="60%" />
        <Skeleton height={16} />
        <Skeleton height={16} width="80%" />
        <Skeleton height={220} mt="md" />
      </Stack>
    );
  }

  const data = event.data;
  const saleState = saleStateOf(data, toCalendarDate(new Date(), displayTimeZone()));
  return (
    <Stack gap="lg">
      <BackToEvents />
      <PageTitle>{data.eventName}</PageTitle>
      {data.eventImage && (
        <Box maw={800}>
          <StoredImage
            src={data.eventImage}
            alt={data.eventName}
            width={800}
            height={400}
            radius="md"
            fluid
          />
        </Box>
      )}
      <EventFacts event={data} />
      {data.eventDescription && (
        <Text style={{ whiteSpace: 'pre-line' }}>{data.eventDescription}</Text>
      )}
      {saleState === 'on-sale' ? (
        <PurchasePanel event={data} />
      ) : (
        <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />}>
          {t(`events.view.notOnSale.${saleState}`)}
        </Alert>
      )}
    </Stack>
  );
}
