import '@mantine/core/styles/Skeleton.css';
import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';

/**
 * The loading and empty states every list shares (with LoadErrorAlert for a failed read), so
 * each list looks and announces the same: grey rows where the list will be, then either the
 * list or one framed line that says there is nothing to show.
 */
export function ListSkeleton({
  rows = 4,
  height = 36,
  label,
}: {
  rows?: number;
  height?: number;
  /** What screen readers hear while it loads; "Loading..." without one. */
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={label ?? t('common.loading')}>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} height={height} />
      ))}
    </Stack>
  );
}

/** Nothing to show: an icon, an optional title and one line saying why. */
export function EmptyState({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md" role="status">
      <Stack gap={4} align="center" ta="center">
        <IconInbox aria-hidden size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
        {title && <Text fw={600}>{title}</Text>}
        <Text c="dimmed">{children}</Text>
      </Stack>
    </Paper>
  );
}
