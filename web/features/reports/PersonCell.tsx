import '@mantine/core/styles/Avatar.css';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { initialsOf } from './initials';

/** A payer in a report row: an initials avatar (tickets only), the name and the e-mail. */
export function PersonCell({
  name,
  email,
  avatar = false,
}: {
  name: string;
  email: string;
  avatar?: boolean;
}) {
  return (
    <Group gap="sm" wrap="nowrap">
      {avatar && (
        <Avatar color="indigo" variant="light" radius="xl" aria-hidden>
          {initialsOf(name)}
        </Avatar>
      )}
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {name}
        </Text>
        <Text size="sm" c="dimmed">
          {email}
        </Text>
      </Stack>
    </Group>
  );
}
