import '@mantine/core/styles/Skeleton.css';
import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';

const PLACEHOLDER_CARDS = 3;

export function EventListSkeleton() {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="lg"
      aria-busy="true"
      aria-label={t('common.loading')}
    >
      {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
        <Card key={index} withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Skeleton height={24} width="70%" />
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
            <Skeleton height={14} width="60%" />
            <Skeleton height={36} mt="sm" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
