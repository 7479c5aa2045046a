import '@mantine/core/styles/Skeleton.css';
import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** One headline figure: what it counts, the number, and a line of context. */
export function FigureCard({
  label,
  value,
  hint,
  icon: FigureIcon,
  color,
  testId,
}: {
  label: string;
  value: string;
  hint: string;
  icon: Icon;
  color: string;
  testId: string;
}) {
  return (
    <Card withBorder padding="lg" radius="md" data-figure={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text size="sm" fw={500} c="dimmed">
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size={34} radius="md" aria-hidden>
          <FigureIcon size={20} stroke={1.7} />
        </ThemeIcon>
      </Group>
      {/* The number gets the card's whole width: "18 999,55 $US" must not run under the icon */}
      <Text fz={26} fw={700} lh={1.2} mt={4} data-figure-value>
        {value}
      </Text>
      <Text size="xs" c="dimmed" mt="sm">
        {hint}
      </Text>
    </Card>
  );
}

/** The card's shape while its number loads, so nothing jumps when it arrives. */
export function FigureCardSkeleton() {
  return (
    <Card withBorder padding="lg" radius="md">
      <Skeleton height={12} width="55%" mb="sm" />
      <Skeleton height={26} width="40%" mb="md" />
      <Skeleton height={10} width="75%" />
    </Card>
  );
}
