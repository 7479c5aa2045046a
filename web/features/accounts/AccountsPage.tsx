import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TAdminAccount } from '../../../domain/contracts/auth';
import { useSessionKinds } from '../../app/use-session-kinds';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { useReturnFocus } from '../../components/use-return-focus';
import { EmptyState, ListSkeleton } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { AccountFormModal } from './AccountFormModal';
import { AccountsTable } from './AccountsTable';
import { accountListQuery } from './api';

/** What the modal is doing: nothing, creating, or editing one account. */
type TEditing = { account: TAdminAccount | null } | null;

/** Admin accounts (`gshsignup`): the super user's alone (DESIGN §3c). */
export function AccountsPage() {
  const { t } = useTranslation();
  const isSuperUser = useSessionKinds().includes('su');
  const accounts = useQuery({ ...accountListQuery, enabled: isSuperUser });
  const [editing, setEditing] = useState<TEditing>(null);
  useReturnFocus(editing !== null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageTitle>{t('pages.accounts.title')}</PageTitle>
        {isSuperUser && (
          <Button
            leftSection={<IconUserPlus aria-hidden size={18} />}
            onClick={() => setEditing({ account: null })}
          >
            {t('accounts.new')}
          </Button>
        )}
      </Group>
      <Text>{t('accounts.intro')}</Text>
      {!isSuperUser ? (
        <Alert color="orange" variant="light">
          {t('errors.codes.FORBIDDEN')}
        </Alert>
      ) : accounts.isError ? (
        <LoadErrorAlert
          error={accounts.error}
          onRetry={() => void accounts.refetch()}
          retrying={accounts.isFetching}
        />
      ) : !accounts.data ? (
        <ListSkeleton label={t('accounts.loading')} />
      ) : accounts.data.length === 0 ? (
        <EmptyState>{t('accounts.empty')}</EmptyState>
      ) : (
        <AccountsTable accounts={accounts.data} onEdit={(account) => setEditing({ account })} />
      )}
      {editing && (
        <AccountFormModal
          key={editing.account?.id ?? 'new'}
          account={editing.account}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
