import { Alert, Paper, Stack, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import type { TEvent } from '../../../domain/contracts/events';
import type { TWaitlistOffer } from '../../../domain/contracts/waitlist';
import { displayTimeZone } from '../../components/display-time-zone';
import { formatReceiptDateTime } from '../../lib/format';
import { NonMemberTicketForm } from '../events/NonMemberTicketForm';

/** The purchase an offer's link opens: the seats held for this family, its details filled in. */
export function OfferPurchasePanel({
  event,
  offer,
  token,
}: {
  event: TEvent;
  offer: TWaitlistOffer;
  token: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2}>{t('waitlist.offer.title')}</Title>
        <Alert color="blue" variant="light" icon={<IconClockHour4 aria-hidden />}>
          {t('waitlist.offer.held', {
            count: offer.seats,
            until: formatReceiptDateTime(offer.expiresAt, displayTimeZone()),
          })}
        </Alert>
        <NonMemberTicketForm
          event={event}
          offer={{ token, seats: offer.seats, buyer: offer.buyer }}
        />
      </Stack>
    </Paper>
  );
}
