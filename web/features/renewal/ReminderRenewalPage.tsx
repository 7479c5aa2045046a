import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { ZReminderLinkView } from '../../../domain/contracts/reminders';
import { fullName } from '../../../domain/display';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { appSettings } from '../../app/settings';
import { PageTitle } from '../../components/PageTitle';
import { ApiError, apiFetch } from '../../lib/api-client';
import { formatLogDateTime } from '../../lib/format';
import { activePlansQuery } from '../membership/api/get-active-plans';
import { startMembershipCheckout } from '../membership/api/start-membership-checkout';
import { RenewalChoices } from './RenewalChoices';
import { reminderLinkMessages } from './reminder-link-messages';

/** A refusal of the link itself (unknown, used, expired): no retry helps, signing in does. */
function isLinkRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && [400, 403, 404, 409].includes(error.status);
}

/**
 * `#/renewmember/link?token=`: the one-click renewal of a reminder e-mail (issue 15). The token
 * shows this member's renewal and pays for it, with no password and no session: it opens
 * nothing else, and stops working once the renewal is paid.
 */
export function ReminderRenewalPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const link = useQuery({
    queryKey: ['renewal-link', token],
    queryFn: async ({ signal }) =>
      ZReminderLinkView.parse(
        await apiFetch('/renewal-link', { method: 'POST', body: { token }, signal }),
      ),
    retry: (count, error) => !isLinkRefusal(error) && count < 2,
    staleTime: 0,
  });
  const plans = useQuery(activePlansQuery());

  let content;
  if (link.isError && isLinkRefusal(link.error)) {
    const messages = reminderLinkMessages(t);
    content = (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('renewal.link.refusedTitle')}
        icon={<IconAlertTriangle aria-hidden />}
      >
        <Stack gap="xs">
          <Text size="sm">{messages[link.error.message] ?? t('renewal.link.unknown')}</Text>
          <Anchor component={Link} to="/renewmember" size="sm">
            {t('renewal.link.signIn')}
          </Anchor>
        </Stack>
      </Alert>
    );
  } else if (link.isError || plans.isError) {
    const failed = link.isError ? link : plans;
    content = <LoadErrorAlert error={failed.error} onRetry={() => void failed.refetch()} />;
  } else if (!link.data || !plans.data) {
    content = <Loader aria-label={t('common.loading')} />;
  } else {
    const view = link.data;
    content = (
      <Stack gap="lg">
        <Text>
          {t('renewal.link.intro', {
            name: fullName(view.member.MemberFirstName, view.member.MemberLastName),
            until: formatLogDateTime(view.linkExpiresAt, appSettings().timeZone),
          })}
        </Text>
        <RenewalChoices
          current={view.member}
          dependentsNow={view.dependents}
          plans={plans.data}
          start={(body) => startMembershipCheckout({ kind: 'renewal', ...body, reminder: token })}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageTitle>{t('pages.renewMember.title')}</PageTitle>
      {content}
    </Stack>
  );
}
