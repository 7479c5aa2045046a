import { Button, Card, Group, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';

/** Staff opened a member's screen without naming a member: the way to the member list. */
export function ChooseMemberCard({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" gap="md">
        <Text fw={600}>{message}</Text>
        <Button component={Link} to="/member" leftSection={<IconUsers aria-hidden size={18} />}>
          {t('membership.listMember')}
        </Button>
      </Group>
    </Card>
  );
}
