import '@mantine/core/styles/Table.css';
import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from '../../i18n/use-translation';
import { formatLogDateTime } from '../../lib/format';
import type { TLogEntry, TLogSortColumn } from '../../../domain/contracts/logs';
import type { TSortDirection } from '../../app/list-state';
import { appSettings } from '../../app/settings';
import classes from './LogsTable.module.css';

/** The spec's columns, in its order (spec 02 §2.6). */
const COLUMNS: readonly { column: TLogSortColumn; labelKey: ParseKeys }[] = [
  { column: 'user', labelKey: 'logs.columns.user' },
  { column: 'email', labelKey: 'logs.columns.email' },
  { column: 'userType', labelKey: 'logs.columns.userType' },
  { column: 'ip_address', labelKey: 'logs.columns.ip_address' },
  { column: 'method_type', labelKey: 'logs.columns.method_type' },
  { column: 'logger_message', labelKey: 'logs.columns.logger_message' },
  { column: 'created_at', labelKey: 'logs.columns.created_at' },
];

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** Dates and addresses read badly when wrapped. */
const UNWRAPPED = new Set<TLogSortColumn>(['created_at', 'ip_address']);

/** Times in the association's TIME_ZONE, so every administrator reads the same clock. */
function cellText(entry: TLogEntry, column: TLogSortColumn, timeZone: string): string {
  return column === 'created_at' ? formatLogDateTime(entry.created_at, timeZone) : entry[column];
}

export function LogsTable({
  entries,
  sort,
  onSort,
  busy,
}: {
  entries: readonly TLogEntry[];
  sort: { column: string; direction: TSortDirection };
  onSort: (column: TLogSortColumn) => void;
  /** Another page is on its way; the rows shown are the previous ones. */
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { timeZone } = appSettings();
  const sortedClass = (column: TLogSortColumn) =>
    column === sort.column ? classes.sorted : undefined;
  const cellClass = (column: TLogSortColumn) =>
    [UNWRAPPED.has(column) && classes.nowrap, sortedClass(column)].filter(Boolean).join(' ') ||
    undefined;

  return (
    <Table.ScrollContainer minWidth={960} type="native">
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1 }}
        captionSide="bottom"
      >
        <Table.Caption>{t('logs.caption', { zone: timeZone })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map(({ column, labelKey }) => {
              const sorted = column === sort.column;
              const SortIcon = !sorted
                ? IconArrowsSort
                : sort.direction === 'asc'
                  ? IconSortAscending
                  : IconSortDescending;
              return (
                <Table.Th
                  key={column}
                  scope="col"
                  aria-sort={sorted ? ARIA_SORT[sort.direction] : 'none'}
                  className={sortedClass(column)}
                >
                  <UnstyledButton className={classes.sortButton} onClick={() => onSort(column)}>
                    {t(labelKey)}
                    <SortIcon aria-hidden size={16} stroke={1.6} />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              {COLUMNS.map(({ column }) => (
                <Table.Td key={column} className={cellClass(column)}>
                  {cellText(entry, column, timeZone)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
