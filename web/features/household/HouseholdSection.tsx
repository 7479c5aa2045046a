import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Badge.css';
import { Alert, Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconMailForward, IconUserOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { THouseholdRightsView } from '../../../domain/contracts/auth';
import type { THouseholdAdult } from '../../../domain/contracts/household';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { ListSkeleton } from '../../components/ListStates';
import { notify } from '../../components/notify';
import { messageOf } from '../../lib/api-client';
import { displayTimeZone } from '../../components/display-time-zone';
import { formatReceiptDateTime } from '../../lib/format';
import { useCurrentUser } from '../auth/use-current-user';
import { householdQuery, useInviteAdult, useSetHouseholdRights, useSetMailChoice } from './api';
import { RevokeAccessModal } from './RevokeAccessModal';

/**
 * The family page's household sign-in section: the main member invites the family's adults and
 * sets what each may do; another adult sees their own rights and chooses their mail.
 */
export function HouseholdSection() {
  const { t } = useTranslation();
  const { member } = useCurrentUser();
  if (!member) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="household-title">
      <Title order={2} size="h3" id="household-title">
        {t('household.title')}
      </Title>
      {member.household ? <OwnRights rights={member.household} /> : <ManageHousehold />}
    </Stack>
  );
}

function OwnRights({ rights }: { rights: THouseholdRightsView }) {
  const { t } = useTranslation();
  const choosing = useSetMailChoice();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('household.ownIntro')}</Text>
      <Text size="sm">
        {rights.mayEditFamily ? t('household.youMayEdit') : t('household.youMayNotEdit')}
      </Text>
      <Text size="sm">
        {rights.mayBuyTickets ? t('household.youMayBuy') : t('household.youMayNotBuy')}
      </Text>
      <Switch
        label={t('household.mailOptIn')}
        checked={rights.mailOptIn}
        disabled={choosing.isPending}
        onChange={(event) =>
          choosing.mutate(event.currentTarget.checked, {
            onSuccess: () => notify.success(t('household.mailSaved')),
            onError: (error) => notify.error(messageOf(error, t)),
          })
        }
      />
    </Stack>
  );
}

function ManageHousehold() {
  const { t } = useTranslation();
  const household = useQuery(householdQuery());
  const [revoking, setRevoking] = useState<THouseholdAdult | null>(null);

  if (household.isPending) return <ListSkeleton rows={2} height={72} />;
  if (household.isError) {
    return <LoadErrorAlert error={household.error} onRetry={() => void household.refetch()} />;
  }
  const adults = household.data.filter((adult) => adult.eligible || adult.account);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('household.intro')}</Text>
      {adults.length === 0 && <Text size="sm">{t('household.none')}</Text>}
      {adults.map((adult) => (
        <AdultCard key={adult.familyMemberId} adult={adult} onRevoke={() => setRevoking(adult)} />
      ))}
      <RevokeAccessModal adult={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

function AdultCard({ adult, onRevoke }: { adult: THouseholdAdult; onRevoke: () => void }) {
  const { t } = useTranslation();
  const inviting = useInviteAdult();
  const setting = useSetHouseholdRights();
  const name = [adult.firstName, adult.lastName].filter(Boolean).join(' ');
  const account = adult.account;

  function invite() {
    inviting.mutate(adult.familyMemberId, {
      onSuccess: () => notify.success(t('household.invited', { email: adult.email })),
    });
  }

  function setRight(right: 'mayEditFamily' | 'mayBuyTickets', value: boolean) {
    if (!account) return;
    const rights = {
      mayEditFamily: account.mayEditFamily,
      mayBuyTickets: account.mayBuyTickets,
      [right]: value,
    };
    setting.mutate(
      { accountId: account.id, rights },
      {
        onSuccess: () => notify.success(t('household.rightsSaved')),
        onError: (error) => notify.error(messageOf(error, t)),
      },
    );
  }

  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{name}</Text>
          <Badge variant="filled" color={adult.state === 'active' ? 'teal.9' : 'gray.8'}>
            {t(`household.state.${adult.state}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {account?.email ?? adult.email}
        </Text>
        {adult.state === 'invited' && account?.inviteExpiresAt && (
          <Text size="sm">
            {t('household.invitedUntil', {
              date: formatReceiptDateTime(account.inviteExpiresAt, displayTimeZone()),
            })}
          </Text>
        )}
        {inviting.error && (
          <Alert color="red" variant="light" role="alert">
            {messageOf(inviting.error, t)}
          </Alert>
        )}
        {account && adult.state === 'active' ? (
          <>
            <Switch
              label={t('household.mayEditFamily')}
              checked={account.mayEditFamily}
              disabled={setting.isPending}
              onChange={(event) => setRight('mayEditFamily', event.currentTarget.checked)}
            />
            <Switch
              label={t('household.mayBuyTickets')}
              checked={account.mayBuyTickets}
              disabled={setting.isPending}
              onChange={(event) => setRight('mayBuyTickets', event.currentTarget.checked)}
            />
            <Text size="sm">
              {account.mailOptIn ? t('household.getsMail') : t('household.noMail')}
            </Text>
            <Group>
              <Button
                variant="default"
                color="red"
                leftSection={<IconUserOff aria-hidden size={18} />}
                onClick={onRevoke}
              >
                {t('household.revokeFor', { name: adult.firstName })}
              </Button>
            </Group>
          </>
        ) : (
          <Group>
            <Button
              leftSection={<IconMailForward aria-hidden size={18} />}
              loading={inviting.isPending}
              onClick={invite}
            >
              {adult.state === 'invited'
                ? t('household.inviteAgain', { name: adult.firstName })
                : t('household.invite', { name: adult.firstName })}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
