import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBasket,
  IconBuildingCommunity,
  IconFlame,
  IconMusic,
  IconPalette,
  IconPresentation,
  IconWind,
  type Icon,
} from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from '../../i18n/use-translation';
import { appSettings } from '../../app/settings';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';

const ACTIVITIES: readonly { icon: Icon; title: ParseKeys; text: ParseKeys }[] = [
  {
    icon: IconWind,
    title: 'about.activities.kiteFlyingTitle',
    text: 'about.activities.kiteFlying',
  },
  { icon: IconPalette, title: 'about.activities.holiTitle', text: 'about.activities.holi' },
  { icon: IconMusic, title: 'about.activities.navaratriTitle', text: 'about.activities.navaratri' },
  { icon: IconFlame, title: 'about.activities.diwaliTitle', text: 'about.activities.diwali' },
  { icon: IconBasket, title: 'about.activities.picnicsTitle', text: 'about.activities.picnics' },
  {
    icon: IconPresentation,
    title: 'about.activities.seminarsTitle',
    text: 'about.activities.seminars',
  },
];

/** Spec 01 §2 point 2: static text on the mission and the activities of §1. */
export function AboutPage() {
  const { t } = useTranslation();
  return (
    <Stack gap={48}>
      <Stack gap="md">
        <PageTitle>{t('about.title')}</PageTitle>
        <Text size="xl" maw={760}>
          {t('about.lead', { name: appSettings().orgName })}
        </Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40}>
        <section aria-labelledby="about-mission">
          <Title order={2} id="about-mission" mb="sm">
            {t('about.missionTitle')}
          </Title>
          <Text>{t('about.mission')}</Text>
        </section>
        <section aria-labelledby="about-history">
          <Title order={2} id="about-history" mb="sm">
            {t('about.historyTitle')}
          </Title>
          <Text>{t('about.history')}</Text>
        </section>
      </SimpleGrid>

      <section aria-labelledby="about-activities">
        <Title order={2} id="about-activities" mb="xs">
          {t('about.activitiesTitle')}
        </Title>
        <Text mb="lg">{t('about.activitiesLead')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {ACTIVITIES.map(({ icon: ActivityIcon, title, text }) => (
            <Card key={title} withBorder padding="lg">
              <Group gap="sm" mb="xs" wrap="nowrap">
                <ThemeIcon variant="light" size="lg" aria-hidden>
                  <ActivityIcon size={20} />
                </ThemeIcon>
                <Title order={3} size="h4">
                  {t(title)}
                </Title>
              </Group>
              <Text>{t(text)}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>

      <Card
        component="section"
        aria-labelledby="about-center"
        withBorder
        padding="xl"
        bg="indigo.0"
      >
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} aria-hidden>
            <IconBuildingCommunity size={28} />
          </ThemeIcon>
          <div>
            <Title order={2} id="about-center" mb="xs">
              {t('about.eventCenterTitle')}
            </Title>
            <Text>{t('about.eventCenter')}</Text>
          </div>
        </Group>
      </Card>

      <section aria-labelledby="about-join">
        <Title order={2} id="about-join" mb="xs">
          {t('about.joinTitle')}
        </Title>
        <Text mb="lg">{t('about.join')}</Text>
        <Group>
          <Button component={Link} to="/mregister">
            {t('about.joinAction')}
          </Button>
          <Button component={Link} to="/event" variant="default">
            {t('about.eventsAction')}
          </Button>
        </Group>
      </section>
    </Stack>
  );
}
