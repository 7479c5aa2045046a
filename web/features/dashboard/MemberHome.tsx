import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconId, IconRefresh, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import type { TFamilyRecord } from '../../../domain/contracts/family';
import { fullName } from '../../../domain/display';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { formatCalendarDate } from '../../lib/format';
import { familyRecordQuery } from '../membership/api/get-family';
import { dependentsOfRecord, hasSpouse } from '../membership/family-record';
import type { TMemberScope } from '../membership/member-scope';
import { useCurrentUser } from '../auth/use-current-user';

const OWN: TMemberScope = { id: 'me', session: 'mem', staff: false };

/** A signed-in member's home: their membership, how long it runs, and their family. */
export function MemberHome() {
  const { t } = useTranslation();
  const family = useQuery(familyRecordQuery(OWN));

  if (family.isError)
    return (
      <LoadErrorAlert
        error={family.error}
        retrying={family.isFetching}
        onRetry={() => void family.refetch()}
      />
    );
  if (family.isPending)
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-busy="true">
        {[0, 1].map((n) => (
          <Card key={n} withBorder padding="lg" radius="md">
            <Skeleton height={16} width="40%" mb="md" />
            <Skeleton height={28} width="60%" mb="sm" />
            <Skeleton height={12} width="80%" mb="lg" />
            <Skeleton height={34} width={160} />
          </Card>
        ))}
      </SimpleGrid>
    );
  if (!family.data)
    return (
      <Card withBorder padding="lg" radius="md">
        <Text>{t('dashboard.member.noMembership')}</Text>
      </Card>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <MembershipCard record={family.data} />
      <FamilyCard record={family.data} />
    </SimpleGrid>
  );
}

function HomeCard({
  id,
  title,
  icon,
  children,
  action,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={`${id}-title`} withBorder padding="lg" radius="md">
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap">
            {icon}
            <Title order={2} size="h4" id={`${id}-title`}>
              {title}
            </Title>
          </Group>
          {children}
        </Stack>
        <Group>{action}</Group>
      </Stack>
    </Card>
  );
}

function MembershipCard({ record }: { record: TFamilyRecord }) {
  const { t } = useTranslation();
  // Renewing is the main member's; another adult of the family sees the membership only
  const isOtherAdult = useCurrentUser().member?.household !== undefined;
  return (
    <HomeCard
      id="home-membership"
      title={t('dashboard.member.membership')}
      icon={<IconId size={22} aria-hidden />}
      action={
        !isOtherAdult && (
          <Button
            component={Link}
            to="/renewmember"
            leftSection={<IconRefresh size={18} aria-hidden />}
          >
            {t('dashboard.member.renew')}
          </Button>
        )
      }
    >
      <Group gap="sm" wrap="wrap">
        <Text fz={22} fw={700} data-home="plan">
          {record.MembershipType ?? t('dashboard.member.noPlan')}
        </Text>
        <Badge color={record.is_active ? 'teal.9' : 'red.9'} variant="filled">
          {record.is_active ? t('dashboard.member.active') : t('dashboard.member.inactive')}
        </Badge>
      </Group>
      <Text data-home="validity">
        {record.validityTo
          ? t('dashboard.member.validUntil', { date: formatCalendarDate(record.validityTo) })
          : t('dashboard.member.noEnd')}
      </Text>
      {record.FamilyPlanId ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.member.familyId', { id: record.FamilyPlanId })}
        </Text>
      ) : null}
    </HomeCard>
  );
}

function FamilyCard({ record }: { record: TFamilyRecord }) {
  const { t } = useTranslation();
  const dependents = dependentsOfRecord(record).length;
  return (
    <HomeCard
      id="home-family"
      title={t('dashboard.member.family')}
      icon={<IconUsersGroup size={22} aria-hidden />}
      action={
        <Button
          component={Link}
          to="/family"
          variant="default"
          rightSection={<IconArrowRight size={18} aria-hidden />}
        >
          {t('dashboard.member.viewFamily')}
        </Button>
      }
    >
      <Text fw={600}>{fullName(record.MemberFirstName, record.MemberLastName)}</Text>
      <Text data-home="spouse">
        {hasSpouse(record)
          ? t('dashboard.member.spouse', {
              name: fullName(record.spouseFirstName, record.spouseLastName),
            })
          : t('dashboard.member.noSpouse')}
      </Text>
      <Text data-home="dependents">
        {dependents === 0
          ? t('dashboard.member.noDependents')
          : t('dashboard.member.dependents', { count: dependents })}
      </Text>
    </HomeCard>
  );
}
