import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { BOARD_PAGE_SIZES, BOARD_TYPES } from '../../../domain/constants';
import type { TBoardMember } from '../../../domain/contracts/board';
import { fullName } from '../../../domain/display';
import { searchList } from '../../../domain/list-search';
import { clampPage, LIST_PAGINATOR, pageCountOf } from '../../../domain/pagination';
import { useListState, type TListState } from '../../app/list-state';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { EmptyState, ListSkeleton } from '../../components/ListStates';
import { notify } from '../../components/notify';
import { PageTitle } from '../../components/PageTitle';
import { Paginator } from '../../components/Paginator';
import { boardListQuery, useDeleteBoardMember, useMayManageBoard } from './api';
import { BOARD_TYPE_KEYS } from './board-types';
import { BoardTable } from './BoardTable';
import { EditBoardMember } from './EditBoardMember';

const ALL_TYPES = 'All';
const DEFAULT_PAGE_SIZE = 10;
const LIST_DEFAULTS: Partial<TListState> = { pageSize: DEFAULT_PAGE_SIZE };
const SKELETON_ROWS = 5;

/**
 * Spec 02 §2.3: the board list (search, type filter, table, paginator) and, in its place while
 * editing, the edit form. Search and the type filter apply over the whole loaded list.
 */
export function BoardListPage() {
  const { t } = useTranslation();
  const list = useListState('board', LIST_DEFAULTS);
  const mayManage = useMayManageBoard();
  const board = useQuery(boardListQuery());
  const removing = useDeleteBoardMember();
  const [editing, setEditing] = useState<TBoardMember | null>(null);
  const [confirming, setConfirming] = useState<TBoardMember | null>(null);
  const type = list.filter.type ?? ALL_TYPES;

  const matching = useMemo(() => {
    const ofType = (board.data ?? []).filter(
      (member) => type === ALL_TYPES || member.memberBoardType === type,
    );
    return searchList(ofType, list.search);
  }, [board.data, type, list.search]);
  const page = clampPage(list.page, pageCountOf(matching.length, list.pageSize));
  const shown = matching.slice((page - 1) * list.pageSize, page * list.pageSize);

  function remove(member: TBoardMember) {
    removing.mutate(member.id, {
      onSuccess: () => notify.warning(t('board.deleted'), t('board.deletedTitle')),
      // Spec 02 §8: a failed delete is only logged; the list still says what is true
      onError: (error) => console.error('Board delete failed', error),
      onSettled: () => setConfirming(null),
    });
  }

  if (editing) {
    return (
      <Stack gap="lg">
        <PageTitle>{t('pages.boardMembers.title')}</PageTitle>
        <EditBoardMember key={editing.id} member={editing} onDone={() => setEditing(null)} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PageTitle>{t('pages.boardMembers.title')}</PageTitle>
        {mayManage && (
          <Button
            component={Link}
            to="/addMemberBoard"
            leftSection={<IconUserPlus aria-hidden size={16} />}
          >
            {t('pages.addBoardMember.title')}
          </Button>
        )}
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label={t('board.search')}
          placeholder={t('board.searchPlaceholder')}
          leftSection={<IconSearch aria-hidden size={16} />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 380 }}
        />
        <Select
          label={t('board.typeFilter')}
          data={[
            { value: ALL_TYPES, label: t('board.typeAll') },
            ...BOARD_TYPES.map((value) => ({ value, label: t(BOARD_TYPE_KEYS[value]) })),
          ]}
          value={type}
          onChange={(value) => list.setFilter('type', value ?? ALL_TYPES)}
          allowDeselect={false}
          w={{ base: '100%', sm: 240 }}
        />
      </Group>
      {board.isError && !board.data ? (
        <LoadErrorAlert
          error={board.error}
          onRetry={() => void board.refetch()}
          retrying={board.isFetching}
        />
      ) : !board.data ? (
        <ListSkeleton rows={SKELETON_ROWS} height={40} label={t('board.loading')} />
      ) : matching.length === 0 ? (
        <EmptyState>{board.data.length === 0 ? t('board.empty') : t('board.noMatch')}</EmptyState>
      ) : (
        <Stack gap="md">
          <BoardTable
            rows={shown}
            firstNumber={(page - 1) * list.pageSize + 1}
            mayManage={mayManage}
            onEdit={setEditing}
            onRemove={setConfirming}
          />
          <Paginator
            page={page}
            pageSize={list.pageSize}
            total={matching.length}
            pageSizes={BOARD_PAGE_SIZES}
            {...LIST_PAGINATOR}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
          />
        </Stack>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('board.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('board.keep') }}
      >
        {confirming && (
          <Stack gap="md">
            <Text>
              {t('board.confirmText', { name: fullName(confirming.fName, confirming.lName) })}
            </Text>
            {confirming.memberBoardType === 'Temp Admin' && (
              <Text fw={500}>{t('board.confirmTempAdmin')}</Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>
                {t('board.keep')}
              </Button>
              <Button color="red" loading={removing.isPending} onClick={() => remove(confirming)}>
                {t('board.remove')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
