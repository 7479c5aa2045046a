import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailFast, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { LIST_PAGINATOR } from '../../../domain/pagination';
import { RENEWAL_REMINDER_KINDS } from '../../../domain/membership-status';
import type { TReminderListQuery } from '../../../domain/contracts/reminders';
import { useListState } from '../../app/list-state';
import { useIsTempAdmin } from '../../app/use-is-temp-admin';
import { useSessionKinds } from '../../app/use-session-kinds';
import { EmptyState, ListSkeleton } from '../../components/ListStates';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { notify } from '../../components/notify';
import { PageTitle } from '../../components/PageTitle';
import { Paginator } from '../../components/Paginator';
import { messageOf } from '../../lib/api-client';
import { reminderListQuery, sendDueReminders } from './api';
import { RemindersTable } from './RemindersTable';

const FILTER_DEBOUNCE_MS = 300;
const ALL = 'all';

/**
 * `#/reminders`: the renewal reminders sent (issue 15), newest first, with who renewed since;
 * staff see it (DESIGN §3c), admins may also send the reminders due at once.
 */
export function RemindersPage() {
  const { t } = useTranslation();
  const kinds = useSessionKinds();
  const isTempAdmin = useIsTempAdmin();
  const queryClient = useQueryClient();
  const list = useListState('reminders');
  const [searchText, setSearchText] = useState(list.search);
  const [search] = useDebouncedValue(searchText, FILTER_DEBOUNCE_MS);
  const { setSearch } = list;
  useEffect(() => {
    if (search !== list.search) setSearch(search);
  }, [search, list.search, setSearch]);

  const mayRead = kinds.includes('ga') || kinds.includes('su');
  const mayRun = kinds.includes('su') || (kinds.includes('ga') && !isTempAdmin);
  const kind = list.filter.kind ?? ALL;
  const renewed = list.filter.renewed ?? ALL;
  const query: TReminderListQuery = {
    search: list.search || undefined,
    kind: kind === ALL ? undefined : (kind as TReminderListQuery['kind']),
    renewed: renewed === ALL ? undefined : (renewed as 'yes' | 'no'),
    page: list.page,
    pageSize: list.pageSize,
  };
  const reminders = useQuery({ ...reminderListQuery(query), enabled: mayRead });
  const run = useMutation({
    mutationFn: sendDueReminders,
    onSuccess: async (sent) => {
      notify.success(t('reminders.sentNow', { count: sent }));
      await queryClient.invalidateQueries({ queryKey: ['reminders'] });
    },
    onError: (error) => notify.error(messageOf(error, t)),
  });

  const filtered = Boolean(list.search) || kind !== ALL || renewed !== ALL;
  return (
    <Stack gap="lg">
      <PageTitle>{t('pages.reminders.title')}</PageTitle>
      <Text c="dimmed" size="sm">
        {t('reminders.intro')}
      </Text>
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label={t('reminders.search')}
          placeholder={t('reminders.searchPlaceholder')}
          leftSection={<IconSearch aria-hidden size={16} />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          label={t('reminders.kindFilter')}
          data={[
            { value: ALL, label: t('reminders.allKinds') },
            ...RENEWAL_REMINDER_KINDS.map((value) => ({
              value,
              label: t(`reminders.kinds.${value}`),
            })),
          ]}
          value={kind}
          onChange={(value) => list.setFilter('kind', value ?? ALL)}
          allowDeselect={false}
          w={{ base: '100%', sm: 220 }}
        />
        <Select
          label={t('reminders.renewedFilter')}
          data={[
            { value: ALL, label: t('reminders.renewedAll') },
            { value: 'yes', label: t('reminders.renewedYes') },
            { value: 'no', label: t('reminders.renewedNo') },
          ]}
          value={renewed}
          onChange={(value) => list.setFilter('renewed', value ?? ALL)}
          allowDeselect={false}
          w={{ base: '100%', sm: 200 }}
        />
        {mayRun && (
          <Button
            variant="light"
            leftSection={<IconMailFast aria-hidden size={18} />}
            loading={run.isPending}
            onClick={() => run.mutate()}
          >
            {t('reminders.sendNow')}
          </Button>
        )}
      </Group>
      {!mayRead ? (
        <Alert color="orange" variant="light">
          {t('errors.codes.FORBIDDEN')}
        </Alert>
      ) : reminders.isError && !reminders.data ? (
        <LoadErrorAlert
          error={reminders.error}
          onRetry={() => void reminders.refetch()}
          retrying={reminders.isFetching}
        />
      ) : !reminders.data ? (
        <ListSkeleton rows={6} height={32} label={t('reminders.loading')} />
      ) : reminders.data.items.length === 0 ? (
        <EmptyState>{filtered ? t('reminders.noMatch') : t('reminders.empty')}</EmptyState>
      ) : (
        <Stack gap="md">
          {reminders.isError && (
            <LoadErrorAlert error={reminders.error} onRetry={() => void reminders.refetch()} />
          )}
          <RemindersTable entries={reminders.data.items} busy={reminders.isPlaceholderData} />
          <Paginator
            page={list.page}
            pageSize={list.pageSize}
            total={reminders.data.total}
            {...LIST_PAGINATOR}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
          />
        </Stack>
      )}
    </Stack>
  );
}
