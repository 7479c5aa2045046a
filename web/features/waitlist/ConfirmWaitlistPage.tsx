import '@mantine/core/styles/Skeleton.css';
import { Alert, Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import { displayTimeZone } from '../../components/display-time-zone';
import { PageTitle } from '../../components/PageTitle';
import { ApiError } from '../../lib/api-client';
import { formatReceiptDateTime } from '../../lib/format';
import { useConfirmWaitlist } from './api/waitlist';
import { waitlistErrorText } from './waitlist-messages';

/** `#/waitlist/confirm/:token`: the e-mailed link that confirms a waiting-list entry. */
export function ConfirmWaitlistPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const confirm = useConfirmWaitlist(token);

  return (
    <Stack gap="lg">
      <PageTitle>{t('waitlist.confirm.title')}</PageTitle>
      {confirm.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={20} width="70%" />
          <Skeleton height={20} width="50%" />
        </Stack>
      ) : confirm.isError ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          {confirm.error instanceof ApiError &&
          (confirm.error.code === 'NOT_FOUND' || confirm.error.code === 'VALIDATION')
            ? t('waitlist.server.linkInvalid')
            : waitlistErrorText(confirm.error, t)}
        </Alert>
      ) : (
        <Alert color="green" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
          <Stack gap="xs">
            <Text fw={600}>{t('waitlist.server.confirmed')}</Text>
            {confirm.data.offerExpiresAt ? (
              <>
                <Text>
                  {t('waitlist.confirm.offered', {
                    name: confirm.data.eventName,
                    count: confirm.data.seats,
                    until: formatReceiptDateTime(confirm.data.offerExpiresAt, displayTimeZone()),
                  })}
                </Text>
                {/* This link opens the entry's open offer too: the same page the offer mail opens */}
                <Button
                  component={Link}
                  to={`/viewevent/${confirm.data.eventid}?offer=${encodeURIComponent(token)}`}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('waitlist.confirm.toOffer')}
                </Button>
              </>
            ) : (
              <>
                <Text>
                  {t('waitlist.confirm.details', {
                    name: confirm.data.eventName,
                    count: confirm.data.seats,
                    position: confirm.data.position,
                  })}
                </Text>
                <Text>{t('waitlist.confirm.next')}</Text>
              </>
            )}
          </Stack>
        </Alert>
      )}
      <Anchor component={Link} to={confirm.data ? `/viewevent/${confirm.data.eventid}` : '/event'}>
        {confirm.data ? t('waitlist.confirm.toEvent') : t('events.view.back')}
      </Anchor>
    </Stack>
  );
}
