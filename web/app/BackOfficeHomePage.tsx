import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../components/PageTitle';
import { useCurrentUser } from '../features/auth/use-current-user';
import { navigationFor } from './navigation';

/** The main layout's own page: the screens this login may open, as large targets. */
export function BackOfficeHomePage() {
  const { t } = useTranslation();
  const entries = navigationFor(useCurrentUser().roles).filter((entry) => entry.path !== '/');
  return (
    <Stack gap="lg">
      <PageTitle>{t('pages.home.title')}</PageTitle>
      <Text>{t('pages.home.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {entries.map(({ path, labelKey, icon: EntryIcon }) => (
          <Card key={path} component={Link} to={path} withBorder padding="lg">
            <Group gap="md" wrap="nowrap">
              <ThemeIcon variant="light" size="xl" aria-hidden>
                <EntryIcon size={24} />
              </ThemeIcon>
              <Text fw={600}>{t(labelKey)}</Text>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
