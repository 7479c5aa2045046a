import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarPlus, IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { PAGE_SIZES } from '../../../domain/constants';
import { defaultPageSize } from '../../../domain/pagination';
import {
  MANAGED_EVENT_WHEN,
  type TManagedEvent,
  type TManagedEventWhen,
} from '../../../domain/contracts/events';
import { toCalendarDate } from '../../../domain/dates';
import { useIsTempAdmin } from '../../app/use-is-temp-admin';
import { useSessionKinds } from '../../app/use-session-kinds';
import { displayTimeZone } from '../../components/display-time-zone';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { useReturnFocus } from '../../components/use-return-focus';
import { EmptyState, ListSkeleton } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { Paginator } from '../../components/Paginator';
import { useManagedEvents } from './api/manage-events';
import { CancelEventModal, DeleteEventModal, EventBuyersModal } from './EventActionModals';
import { WaitlistModal } from '../waitlist/WaitlistModal';
import { EventFormModal } from './EventFormModal';
import { ManagedEventsTable, type TEventAction } from './ManagedEventsTable';
import { EventOfflineSaleModal } from '../offline-payments/EventOfflineSaleModal';

type TOpen = { action: 'new' } | { action: TEventAction; event: TManagedEvent } | null;

/**
 * `#/events`: every event (today's, coming, past, cancelled) with seats sold, held and left;
 * create and edit for staff, buyers, cancel and delete for admins (DESIGN §3c).
 */
export function ManageEventsPage() {
  const { t } = useTranslation();
  const kinds = useSessionKinds();
  const isTempAdmin = useIsTempAdmin();
  const isStaff = kinds.includes('ga') || kinds.includes('su');
  const canRemove = isStaff && !isTempAdmin;
  const [search, setSearch] = useState('');
  const [when, setWhen] = useState<TManagedEventWhen>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(defaultPageSize(PAGE_SIZES));
  const deferredSearch = useDeferredValue(search.trim());
  const events = useManagedEvents({ search: deferredSearch, when, page, pageSize });
  const [open, setOpen] = useState<TOpen>(null);
  useReturnFocus(open !== null);
  const today = toCalendarDate(new Date(), displayTimeZone());

  if (!isStaff) {
    return (
      <Stack gap="lg">
        <PageTitle>{t('pages.manageEvents.title')}</PageTitle>
        <Alert color="orange" variant="light">
          {t('errors.codes.FORBIDDEN')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageTitle>{t('pages.manageEvents.title')}</PageTitle>
        <Button
          leftSection={<IconCalendarPlus aria-hidden size={18} />}
          onClick={() => setOpen({ action: 'new' })}
        >
          {t('manageEvents.new')}
        </Button>
      </Group>
      <Text>{t('manageEvents.intro')}</Text>
      <Group align="flex-end" gap="md">
        <TextInput
          label={t('manageEvents.search')}
          leftSection={<IconSearch aria-hidden size={16} />}
          value={search}
          onChange={(change) => {
            setSearch(change.currentTarget.value);
            setPage(1);
          }}
          type="search"
          style={{ flex: '1 1 220px' }}
        />
        <SegmentedControl
          aria-label={t('manageEvents.when.label')}
          data={MANAGED_EVENT_WHEN.map((value) => ({
            value,
            label: t(`manageEvents.when.${value}`),
          }))}
          value={when}
          onChange={(value) => {
            setWhen(value as TManagedEventWhen);
            setPage(1);
          }}
        />
      </Group>
      {events.isError ? (
        <LoadErrorAlert
          error={events.error}
          retrying={events.isFetching}
          onRetry={() => void events.refetch()}
        />
      ) : !events.data ? (
        <ListSkeleton height={44} />
      ) : events.data.total === 0 ? (
        <EmptyState>{t('manageEvents.empty')}</EmptyState>
      ) : (
        <Stack gap="md">
          <ManagedEventsTable
            events={events.data.items}
            today={today}
            canRemove={canRemove}
            onAction={(action, event) => setOpen({ action, event })}
          />
          <Paginator
            page={events.data.page}
            pageSize={events.data.pageSize}
            total={events.data.total}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </Stack>
      )}
      {open?.action === 'new' && <EventFormModal event={null} onClose={() => setOpen(null)} />}
      {open?.action === 'edit' && (
        <EventFormModal key={open.event.id} event={open.event} onClose={() => setOpen(null)} />
      )}
      {open?.action === 'buyers' && (
        <EventBuyersModal event={open.event} onClose={() => setOpen(null)} />
      )}
      {open?.action === 'offline' && (
        <EventOfflineSaleModal event={open.event} onClose={() => setOpen(null)} />
      )}
      {open?.action === 'waitlist' && (
        <WaitlistModal event={open.event} onClose={() => setOpen(null)} />
      )}
      {open?.action === 'cancel' && (
        <CancelEventModal event={open.event} onClose={() => setOpen(null)} />
      )}
      {open?.action === 'delete' && (
        <DeleteEventModal
          event={open.event}
          onClose={() => setOpen(null)}
          onCancelInstead={() => setOpen({ action: 'cancel', event: open.event })}
        />
      )}
    </Stack>
  );
}
