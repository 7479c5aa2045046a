import '@mantine/core/styles/Skeleton.css';
import { Alert, Anchor, Box, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useParams, useSearchParams } from 'react-router';
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
import { useWaitlistOffer } from '../waitlist/api/waitlist';
import { JoinWaitlistButton } from '../waitlist/JoinWaitlistDialog';
import { OfferPurchasePanel } from '../waitlist/OfferPurchasePanel';

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
  // `?offer=<token>`: a waiting-list offer's link opens the purchase of its held seats
  const offerToken = useSearchParams()[0].get('offer');
  const offer = useWaitlistOffer(offerToken);

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
      {offerToken && offer.isError && (
        <Alert variant="light" color="orange" role="alert" icon={<IconInfoCircle aria-hidden />}>
          {t('waitlist.server.offerInvalid')}
        </Alert>
      )}
      {offerToken &&
      offer.data?.eventid === data.id &&
      saleState !== 'cancelled' &&
      saleState !== 'over' ? (
        <OfferPurchasePanel event={data} offer={offer.data} token={offerToken} />
      ) : saleState === 'on-sale' ? (
        <PurchasePanel event={data} />
      ) : (
        <Stack gap="md">
          <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />}>
            {t(`events.view.notOnSale.${saleState}`)}
          </Alert>
          {saleState === 'sold-out' && (
            <>
              <Text>{t('waitlist.join.pitch')}</Text>
              <JoinWaitlistButton event={data} />
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
