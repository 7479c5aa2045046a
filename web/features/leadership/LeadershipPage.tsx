import '@mantine/core/styles/Skeleton.css';
import { Anchor, Card, Center, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useTranslation } from '../../i18n/use-translation';
import type { TLeadershipOfficer } from '../../../domain/contracts/board';
import { phoneDigits } from '../../../domain/phone';
import { formatPhone } from '../../lib/format';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { EmailText } from '../../components/EmailText';
import { PageTitle } from '../../components/PageTitle';
import { StoredImage } from '../../components/StoredImage';
import { leadershipQuery } from './api';
import classes from './LeadershipPage.module.css';

const PHOTO_SIZE = 160;
const SKELETON_CARDS = 9;

/** The usual roles read in the visitor's language; any other role shows as the board wrote it. */
const ROLE_KEYS: Readonly<Record<string, ParseKeys>> = {
  President: 'leadership.roles.president',
  'Vice President': 'leadership.roles.vicePresident',
  Secretary: 'leadership.roles.secretary',
  'Joint Secretary': 'leadership.roles.jointSecretary',
  Treasurer: 'leadership.roles.treasurer',
  'Joint Treasurer': 'leadership.roles.jointTreasurer',
  'Executive Committee': 'leadership.roles.executiveCommittee',
};

function OfficerCard({ officer }: { officer: TLeadershipOfficer }) {
  const { t } = useTranslation();
  const roleKey = officer.role ? ROLE_KEYS[officer.role] : undefined;
  const role = roleKey ? t(roleKey) : officer.role;
  return (
    <Card withBorder padding="lg" radius="md" className={classes.card} component="article">
      <Stack gap="xs" align="center">
        <Center>
          <StoredImage
            src={officer.photo}
            alt={t('leadership.photoOf', { name: officer.name })}
            width={PHOTO_SIZE}
            height={PHOTO_SIZE}
            radius={PHOTO_SIZE / 2}
            placeholder="person"
          />
        </Center>
        <Title order={2} size="h4">
          {officer.name}
        </Title>
        {/* The ninth card of the spec shows no role */}
        {role && (
          <Text c="indigo.8" fw={500}>
            {role}
          </Text>
        )}
        <Stack
          gap={2}
          className={classes.contact}
          aria-label={t('leadership.contactOf', { name: officer.name })}
        >
          <Anchor href={`tel:${phoneDigits(officer.phone)}`} size="sm">
            <IconPhone aria-hidden size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
            {formatPhone(officer.phone)}
          </Anchor>
          <Anchor href={`mailto:${officer.email}`} size="sm">
            <IconMail aria-hidden size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
            <EmailText email={officer.email} />
          </Anchor>
        </Stack>
      </Stack>
    </Card>
  );
}

/** Spec 01 §2 point 1: the officers' cards, fed by the board (roles and order set there). */
export function LeadershipPage() {
  const { t } = useTranslation();
  const officers = useQuery(leadershipQuery());
  return (
    <Stack gap="lg">
      <PageTitle>{t('pages.leadership.title')}</PageTitle>
      {/* The hover hint where there is a pointer to hover with; on touch the details always show */}
      <Text className={classes.introPointer}>{t('leadership.intro')}</Text>
      <Text className={classes.introTouch}>{t('leadership.introTouch')}</Text>
      {officers.isError && !officers.data ? (
        <LoadErrorAlert
          error={officers.error}
          onRetry={() => void officers.refetch()}
          retrying={officers.isFetching}
        />
      ) : !officers.data ? (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          role="status"
          aria-busy="true"
          aria-label={t('leadership.loading')}
        >
          {Array.from({ length: SKELETON_CARDS }, (_, card) => (
            <Skeleton key={card} height={280} radius="md" />
          ))}
        </SimpleGrid>
      ) : officers.data.length === 0 ? (
        <Text>{t('leadership.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" component="section">
          {officers.data.map((officer) => (
            <OfficerCard key={officer.id} officer={officer} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
