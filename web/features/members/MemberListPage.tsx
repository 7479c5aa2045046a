import '@mantine/core/styles/Skeleton.css';
import { Button, Group, Loader, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCash, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useLocation, useParams } from 'react-router';
import type { TMember } from '../../../domain/contracts/members';
import { DEFAULT_LIST_STATE, useListState } from '../../app/list-state';
import { useSessionKinds } from '../../app/use-session-kinds';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { EmptyState, ListSkeleton } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { Paginator } from '../../components/Paginator';
import { LIST_PAGINATOR } from '../../../domain/pagination';
import { useIsTempAdmin } from '../../app/use-is-temp-admin';
import { MemberDetailsForm } from '../family/MemberDetailsForm';
import { activePlansQuery } from '../membership/api/get-active-plans';
import type { TMemberScope } from '../membership/member-scope';
import { todaysEventQuery } from './api/current-event';
import { memberListQuery, type TListSession } from './api/list-members';
import { DeleteMemberDialog, GiftDialog, NotesDialog } from './MemberDialogs';
import { ComposeMailPanel } from '../mail/ComposeMailPanel';
import { MemberActions, type TMemberAction, type TRowRights } from './MemberActions';
import { MemberExports } from './MemberExports';
import { MemberPaymentsDialog } from './MemberPaymentsDialog';
import { MemberOfflinePaymentModal } from '../offline-payments/MemberOfflinePaymentModal';
import { AddOfflineMemberModal } from '../offline-payments/AddOfflineMemberModal';
import {
  filtersClearedBySearch,
  initialMemberListState,
  memberFilterOf,
  type TMemberFilterName,
} from './member-list-filter';
import { MembersTable } from './MembersTable';

/** Typing pauses this long before the list asks the server again. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * `#/member` and `#/member/:prefix` (spec 02 §2.7–§2.9): staff filter, search and page the
 * members; a member sees their own row. Edit replaces the list with the Edit Member Account form.
 */
export function MemberListPage() {
  // Following a link to the list (e.g. the menu) while the form is open shows the list again
  return <MemberListScreen key={useLocation().key} />;
}

function MemberListScreen() {
  const { t } = useTranslation();
  const kinds = useSessionKinds();
  const staff = kinds.includes('ga') || kinds.includes('su');
  const isTemp = useIsTempAdmin();
  const [editing, setEditing] = useState<TMember | null>(null);
  const rights: TRowRights = {
    staff,
    mayDelete: staff && !isTemp,
    mayRecordOffline: staff && !isTemp,
  };
  const session: TListSession = staff ? 'admin' : 'mem';

  if (editing) {
    const scope: TMemberScope = staff
      ? { id: editing.MemberId, session: 'admin', staff: true }
      : { id: 'me', session: 'mem', staff: false };
    const back = () => setEditing(null);
    return (
      <Stack gap="lg">
        <PageTitle>{t('pages.members.title')}</PageTitle>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <MemberDetailsForm
            member={editing}
            scope={scope}
            title={t('members.edit.title')}
            submitLabel={t('members.edit.submit')}
            withImage
            onSaved={back}
            onCancel={back}
          />
        </Paper>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageTitle>{t('pages.members.title')}</PageTitle>
      {staff ? (
        <StaffMemberList
          rights={rights}
          session={session}
          onEdit={setEditing}
          mayExport={!isTemp}
        />
      ) : (
        <OwnMemberRow rights={rights} onEdit={setEditing} />
      )}
    </Stack>
  );
}

/** A row's action menu, and the dialogs its actions open. */
function useRowActions(
  session: TListSession,
  rights: TRowRights,
  onEdit: (member: TMember) => void,
) {
  const event = useQuery(todaysEventQuery());
  const todaysEventId = event.data?.id ?? null;
  const [open, setOpen] = useState<{ action: TMemberAction; member: TMember } | null>(null);
  const close = () => setOpen(null);
  const of = (action: TMemberAction) => (open?.action === action ? open.member : null);
  // The compose panel stays open while other row actions come and go
  const [mailTo, setMailTo] = useState<string | null>(null);
  const onAction = (action: TMemberAction, member: TMember) => {
    if (action === 'edit') onEdit(member);
    else if (action === 'mail') setMailTo(member.email);
    else setOpen({ action, member });
  };
  const dialogs = (
    <>
      <MemberPaymentsDialog
        member={of('payments')}
        session={session}
        onClose={close}
        onRecordOffline={
          rights.mayRecordOffline ? (member) => setOpen({ action: 'offline', member }) : undefined
        }
      />
      <MemberOfflinePaymentModal member={of('offline')} onClose={close} />
      <GiftDialog member={of('gift')} onClose={close} />
      <NotesDialog member={of('notes')} onClose={close} />
      <DeleteMemberDialog member={of('delete')} onClose={close} />
      <ComposeMailPanel to={mailTo} onClose={() => setMailTo(null)} />
    </>
  );
  const actionsOf = (member: TMember) => (
    <MemberActions
      member={member}
      rights={rights}
      todaysEventId={todaysEventId}
      onAction={onAction}
    />
  );
  return { actionsOf, dialogs };
}

function StaffMemberList({
  rights,
  session,
  onEdit,
  mayExport,
}: {
  rights: TRowRights;
  session: TListSession;
  onEdit: (member: TMember) => void;
  /** Global admins and super users export; temporary admins do not (DESIGN §3c). */
  mayExport: boolean;
}) {
  const { t } = useTranslation();
  const { prefix } = useParams();
  const defaults = useMemo(() => initialMemberListState(prefix), [prefix]);
  const list = useListState(prefix ? `members:${prefix}` : 'members', defaults);
  const [searchText, setSearchText] = useState(list.search);
  const [term] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const { search, setSearch, setFilter } = list;
  useEffect(() => {
    if (term === search) return;
    for (const name of filtersClearedBySearch(term)) setFilter(name, '');
    setSearch(term);
  }, [term, search, setSearch, setFilter]);

  const filter = memberFilterOf(list);
  const members = useQuery(memberListQuery(session, filter));
  const plans = useQuery(activePlansQuery());
  const { actionsOf, dialogs } = useRowActions(session, rights, onEdit);
  const [addingOffline, setAddingOffline] = useState(false);
  const searching = searchText !== term || (members.isFetching && Boolean(search));

  const select = (
    name: TMemberFilterName,
    label: string,
    data: { value: string; label: string }[],
  ) => (
    <NativeSelect
      label={label}
      value={list.filter[name] ?? ''}
      onChange={(event) => setFilter(name, event.currentTarget.value)}
      data={data}
    />
  );

  return (
    <Stack gap="md">
      <Group
        component="section"
        aria-label={t('members.filters.label')}
        gap="md"
        align="flex-end"
        wrap="wrap"
      >
        {select('membertype', t('members.filters.type'), [
          { value: '', label: t('members.filters.allTypes') },
          ...(plans.data ?? [])
            .filter((plan, index, all) => all.findIndex((p) => p.prefix === plan.prefix) === index)
            .map((plan) => ({ value: plan.prefix, label: plan.MembershipType })),
          // A prefix from the route that is not on offer any more still shows as chosen
          ...(list.filter.membertype &&
          !(plans.data ?? []).some((plan) => plan.prefix === list.filter.membertype)
            ? [{ value: list.filter.membertype, label: list.filter.membertype }]
            : []),
        ])}
        {select('active', t('members.filters.status'), [
          { value: 'true', label: t('members.filters.active') },
          { value: 'false', label: t('members.filters.inactive') },
        ])}
        {select('gift', t('members.filters.gift'), [
          { value: '', label: t('members.filters.anyGift') },
          { value: 'true', label: t('members.filters.giftReceived') },
          { value: 'false', label: t('members.filters.giftNotReceived') },
        ])}
        <TextInput
          label={t('members.searchLabel')}
          placeholder={t('members.searchPlaceholder')}
          leftSection={<IconSearch aria-hidden size={16} />}
          rightSection={searching ? <Loader size="xs" aria-hidden /> : null}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          style={{ flex: '1 1 320px' }}
        />
      </Group>
      <Text size="sm" aria-live="polite" mih={20}>
        {searching ? t('members.searching') : ''}
      </Text>
      {rights.mayRecordOffline && (
        <Group>
          <Button
            variant="default"
            leftSection={<IconCash aria-hidden size={16} />}
            onClick={() => setAddingOffline(true)}
          >
            {t('offline.addMember.button')}
          </Button>
          <AddOfflineMemberModal opened={addingOffline} onClose={() => setAddingOffline(false)} />
        </Group>
      )}
      {mayExport && <MemberExports filter={filter} />}
      {members.isError && !members.data ? (
        <LoadErrorAlert
          error={members.error}
          onRetry={() => void members.refetch()}
          retrying={members.isFetching}
        />
      ) : !members.data ? (
        <ListSkeleton rows={8} label={t('members.loading')} />
      ) : (
        <Stack gap="md">
          {members.isError && (
            <LoadErrorAlert error={members.error} onRetry={() => void members.refetch()} />
          )}
          {members.data.member.length === 0 ? (
            <EmptyState>{t('members.empty')}</EmptyState>
          ) : (
            <MembersTable
              rows={members.data.member}
              staff
              firstNumber={(members.data.page - 1) * members.data.pageSize + 1}
              busy={members.isPlaceholderData}
              caption={t('members.caption')}
              actionsOf={actionsOf}
            />
          )}
          <Text fw={600}>{t('members.total', { total: members.data.total })}</Text>
          <Paginator
            page={list.page}
            pageSize={list.pageSize}
            total={members.data.total}
            {...LIST_PAGINATOR}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
          />
        </Stack>
      )}
      {dialogs}
    </Stack>
  );
}

/** A member's own row (spec 02 §1: a member sees only their own records). */
function OwnMemberRow({
  rights,
  onEdit,
}: {
  rights: TRowRights;
  onEdit: (member: TMember) => void;
}) {
  const { t } = useTranslation();
  const own = useQuery(memberListQuery('mem', memberFilterOf(DEFAULT_LIST_STATE)));
  const { actionsOf, dialogs } = useRowActions('mem', rights, onEdit);
  if (own.isError) return <LoadErrorAlert error={own.error} onRetry={() => void own.refetch()} />;
  if (!own.data) return <Loader aria-label={t('members.loading')} />;
  return (
    <>
      <MembersTable
        rows={own.data.member}
        staff={false}
        firstNumber={1}
        busy={false}
        caption={t('members.mineCaption')}
        actionsOf={actionsOf}
      />
      {dialogs}
    </>
  );
}
