import '@mantine/core/styles/Skeleton.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCamera,
  IconCameraOff,
  IconCircleCheck,
  IconUserCheck,
} from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useParams } from 'react-router';
import { normalizeDoorCode, type TCheckinResult } from '../../../domain/contracts/checkin';
import { useSessionKinds } from '../../app/use-session-kinds';
import { displayTimeZone } from '../../components/display-time-zone';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { PageTitle } from '../../components/PageTitle';
import { formatCalendarDate, formatClockTime, formatInstantTime } from '../../lib/format';
import { newScanId, useCheckIn, useCheckinSummary } from './api/check-in';
import { useCheckinMessage } from './checkin-messages';

const CameraScanner = lazy(() =>
  import('./CameraScanner').then((module) => ({ default: module.CameraScanner })),
);

/**
 * The camera reads a code held in view many times a second: the same code is one scan until it
 * has been out of view this long, so a ticket left in front of the camera is not scanned again.
 */
const SAME_SCAN_MS = 4000;

/**
 * `#/checkin/:eventid`: staff at the door (DESIGN §3c) scan a ticket's QR code with the phone's
 * camera, or type its code; the screen shows the buyer, the kind and the seats, and marks them
 * arrived. A code checked in before says when.
 */
export function CheckinPage() {
  const { t } = useTranslation();
  const eventId = Number(useParams().eventid);
  const kinds = useSessionKinds();
  const isStaff = kinds.includes('ga') || kinds.includes('su');
  const summary = useCheckinSummary(isStaff && Number.isInteger(eventId) ? eventId : 0);
  const checkIn = useCheckIn(eventId);
  const messageOf = useCheckinMessage();
  const [typed, setTyped] = useState('');
  const [cameraOn, setCameraOn] = useState(false);
  const lastScan = useRef<{ code: string; at: number } | null>(null);

  /** Sends the code, unless a check-in is on its way; answers whether it was sent. */
  const submit = useCallback(
    (text: string): boolean => {
      const code = normalizeDoorCode(text.trim());
      if (!code || checkIn.isPending) return false;
      // A typed code is cleared once answered, ready for the next guest; a refused one stays to fix
      checkIn.mutate({ code, requestId: newScanId() }, { onSuccess: () => setTyped('') });
      return true;
    },
    [checkIn],
  );

  const onCameraCode = useCallback(
    (text: string) => {
      const now = Date.now();
      const last = lastScan.current;
      if (last && last.code === text && now - last.at < SAME_SCAN_MS) {
        lastScan.current = { code: text, at: now };
        return;
      }
      if (submit(text)) lastScan.current = { code: text, at: now };
    },
    [submit],
  );

  const onType = (event: FormEvent) => {
    event.preventDefault();
    submit(typed);
  };

  const title = t('pages.checkin.title');
  if (!isStaff) {
    return (
      <Stack gap="lg">
        <PageTitle>{title}</PageTitle>
        <Alert color="orange" variant="light">
          {t('errors.codes.FORBIDDEN')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={560}>
      <PageTitle>{title}</PageTitle>
      {summary.isError ? (
        <LoadErrorAlert
          error={summary.error}
          retrying={summary.isFetching}
          onRetry={() => void summary.refetch()}
        />
      ) : !summary.data ? (
        <Skeleton height={64} aria-busy="true" aria-label={t('common.loading')} />
      ) : (
        <Card withBorder padding="sm">
          <Text fw={700} size="lg">
            {summary.data.eventName}
          </Text>
          <Text size="sm">
            {formatCalendarDate(summary.data.eventDate)} · {formatClockTime(summary.data.eventTime)}
          </Text>
          <Group gap="xs" mt={4}>
            <IconUserCheck aria-hidden size={18} />
            <Text data-testid="checkin-arrived">
              {t('checkin.arrivedOfSold', {
                arrived: summary.data.arrived,
                sold: summary.data.sold,
              })}
            </Text>
            {summary.data.status === 'cancelled' && (
              <Badge color="red" variant="light">
                {t('manageEvents.state.cancelled')}
              </Badge>
            )}
          </Group>
        </Card>
      )}

      <div aria-live="polite" aria-atomic="true">
        {checkIn.isPending ? (
          <Text>{t('checkin.checking')}</Text>
        ) : checkIn.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title={t('checkin.refusedTitle')}
            data-testid="checkin-result"
          >
            {messageOf(checkIn.error)}
          </Alert>
        ) : checkIn.data ? (
          <CheckinOutcome result={checkIn.data} />
        ) : null}
      </div>

      <form onSubmit={onType} noValidate>
        <Stack gap="xs">
          <TextInput
            label={t('checkin.codeLabel')}
            description={t('checkin.codeHint')}
            value={typed}
            onChange={(change) => setTyped(change.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            size="lg"
            styles={{ input: { fontFamily: 'monospace', letterSpacing: 2 } }}
          />
          <Button type="submit" size="lg" loading={checkIn.isPending} disabled={!typed.trim()}>
            {t('checkin.checkIn')}
          </Button>
        </Stack>
      </form>

      <Button
        variant="default"
        size="lg"
        leftSection={
          cameraOn ? <IconCameraOff aria-hidden size={20} /> : <IconCamera aria-hidden size={20} />
        }
        onClick={() => setCameraOn((on) => !on)}
        aria-pressed={cameraOn}
      >
        {cameraOn ? t('checkin.camera.stop') : t('checkin.camera.start')}
      </Button>
      {cameraOn && (
        <Suspense fallback={<Skeleton height={240} aria-label={t('common.loading')} />}>
          <CameraScanner onCode={onCameraCode} />
        </Suspense>
      )}
    </Stack>
  );
}

const KIND_KEYS = {
  'member-ticket': 'checkin.kinds.member',
  'nonmember-ticket': 'checkin.kinds.nonMember',
  'table-for-10': 'checkin.kinds.table',
} as const;

/** The answer to a scan: let in now (green), or already in, with the first scan's time (orange). */
function CheckinOutcome({ result }: { result: TCheckinResult }) {
  const { t } = useTranslation();
  const fresh = result.outcome === 'checked-in';
  const { ticket } = result;
  return (
    <Card
      withBorder
      padding="md"
      data-testid="checkin-result"
      style={{
        borderColor: fresh ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-orange-7)',
        borderWidth: 3,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {fresh ? (
          <IconCircleCheck aria-hidden size={36} color="var(--mantine-color-teal-8)" />
        ) : (
          <IconAlertTriangle aria-hidden size={36} color="var(--mantine-color-orange-9)" />
        )}
        <Stack gap={2}>
          <Title order={2} size="h3">
            {fresh
              ? t('checkin.checkedIn')
              : t('checkin.alreadyAt', {
                  time: formatInstantTime(ticket.checkedInAt, displayTimeZone()),
                })}
          </Title>
          <Text size="lg" fw={600}>
            {ticket.buyer}
          </Text>
          <Text>
            {t(KIND_KEYS[ticket.kind])} · {t('checkin.seats', { count: ticket.seats })}
          </Text>
          <Text size="sm" ff="monospace">
            {ticket.code}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
