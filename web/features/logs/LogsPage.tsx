import '@mantine/core/styles/Skeleton.css';
import { Alert, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useListState } from '../../app/list-state';
import { useSessionKinds } from '../../app/use-session-kinds';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { EmptyState, ListSkeleton } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { Paginator } from '../../components/Paginator';
import { LIST_PAGINATOR } from '../../../domain/pagination';
import { logListQuery } from './api';
import { LOG_LIST_DEFAULTS, logListQueryOf, nextSort } from './log-list-query';
import { LogsTable } from './LogsTable';

/** Spec 02 §2.6: typing pauses this long before the list asks the server again. */
const FILTER_DEBOUNCE_MS = 300;
const SKELETON_ROWS = 8;

/** The audit log (global admins and super users, DESIGN §3c): filter, sort and pages. */
export function LogsPage() {
  const { t } = useTranslation();
  const kinds = useSessionKinds();
  const list = useListState('logs', LOG_LIST_DEFAULTS);
  const [filterText, setFilterText] = useState(list.search);
  const [filter] = useDebouncedValue(filterText, FILTER_DEBOUNCE_MS);
  const { search, setSearch } = list;
  useEffect(() => {
    // Setting the search goes back to page 1, so only a real change of the filter does it.
    if (filter !== search) setSearch(filter);
  }, [filter, search, setSearch]);

  // A member login alone has no admin token to send; the server would refuse it anyway.
  const mayRead = kinds.includes('ga') || kinds.includes('su');
  const logs = useQuery({ ...logListQuery(logListQueryOf(list)), enabled: mayRead });

  return (
    <Stack gap="lg">
      <PageTitle>{t('pages.logs.title')}</PageTitle>
      <TextInput
        label={t('logs.filter')}
        placeholder={t('logs.filterPlaceholder')}
        leftSection={<IconSearch aria-hidden size={16} />}
        value={filterText}
        onChange={(event) => setFilterText(event.currentTarget.value)}
        maw={480}
      />
      {!mayRead ? (
        <Alert color="orange" variant="light">
          {t('errors.codes.FORBIDDEN')}
        </Alert>
      ) : logs.isError && !logs.data ? (
        <LoadErrorAlert
          error={logs.error}
          onRetry={() => void logs.refetch()}
          retrying={logs.isFetching}
        />
      ) : !logs.data ? (
        <ListSkeleton rows={SKELETON_ROWS} height={28} label={t('logs.loading')} />
      ) : logs.data.items.length === 0 ? (
        <EmptyState>{search ? t('logs.noMatch') : t('logs.empty')}</EmptyState>
      ) : (
        <Stack gap="md">
          {logs.isError && (
            <LoadErrorAlert error={logs.error} onRetry={() => void logs.refetch()} />
          )}
          <LogsTable
            entries={logs.data.items}
            sort={list.sort}
            onSort={(column) => {
              const sort = nextSort(list.sort, column);
              list.setSort(sort.column, sort.direction);
            }}
            busy={logs.isPlaceholderData}
          />
          <Paginator
            page={list.page}
            pageSize={list.pageSize}
            total={logs.data.total}
            totalCapped={logs.data.totalCapped}
            {...LIST_PAGINATOR}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
          />
        </Stack>
      )}
    </Stack>
  );
}
