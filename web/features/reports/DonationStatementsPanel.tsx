import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TStatementsSent } from '../../../domain/contracts/donations';
import { toCalendarDate } from '../../../domain/dates';
import { displayTimeZone } from '../../components/display-time-zone';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { moneyText } from '../../components/money-text';
import { messageOf } from '../../lib/api-client';
import { useSendStatements, useStatementPreview } from './api/donation-statements';

/** The years offered: this one and the four before it (statements are asked for early in a year). */
const YEARS_BACK = 5;

/**
 * "Send yearly statements" (issue 15; global admins and super users): pick a year, see how many
 * donors will be mailed, confirm. Donors already mailed that year's statement are skipped, so a
 * second press sends nothing.
 */
export function DonationStatementsPanel() {
  const { t } = useTranslation();
  const thisYear = Number(toCalendarDate(new Date(), displayTimeZone()).slice(0, 4));
  const [year, setYear] = useState(thisYear - 1);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<TStatementsSent | null>(null);
  const preview = useStatementPreview(year);
  const sending = useSendStatements();
  const toMail = preview.data ? preview.data.donors - preview.data.alreadySent : 0;

  function send() {
    sending.mutate(year, {
      onSuccess: (sent) => {
        setResult(sent);
        setConfirming(false);
      },
      onError: () => setConfirming(false),
    });
  }

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby="donation-statements-title"
    >
      <Stack gap="md">
        <Title order={2} id="donation-statements-title">
          {t('reports.statements.title')}
        </Title>
        <Text>{t('reports.statements.intro')}</Text>
        <Group align="flex-end">
          <NativeSelect
            label={t('reports.statements.year')}
            value={String(year)}
            data={Array.from({ length: YEARS_BACK }, (_, i) => String(thisYear - i))}
            onChange={(event) => {
              setResult(null);
              sending.reset();
              setYear(Number(event.currentTarget.value));
            }}
          />
          <Button
            leftSection={<IconMailForward aria-hidden size={18} />}
            disabled={!preview.data || toMail === 0}
            loading={preview.isPending}
            onClick={() => setConfirming(true)}
          >
            {t('reports.statements.send')}
          </Button>
        </Group>
        {preview.isError ? (
          <LoadErrorAlert error={preview.error} onRetry={() => void preview.refetch()} />
        ) : (
          preview.data && (
            <Text aria-live="polite">
              {t('reports.statements.summary', {
                count: preview.data.donors,
                year: String(year),
                total: moneyText(preview.data.total),
                alreadySent: preview.data.alreadySent,
              })}
            </Text>
          )
        )}
        {result && (
          <Alert color="teal" variant="light" role="status">
            {t('reports.statements.sent', {
              count: result.sent,
              year: String(result.year),
              skipped: result.alreadySent,
            })}
          </Alert>
        )}
        {sending.isError && (
          <Alert color="red" variant="light" role="alert">
            {messageOf(sending.error, t)}
          </Alert>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('reports.statements.confirmTitle', { year: String(year) })}
        closeButtonProps={{ 'aria-label': t('reports.statements.keep') }}
      >
        <Stack gap="md">
          <Text>
            {t('reports.statements.confirmText', {
              count: toMail,
              year: String(year),
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('reports.statements.keep')}
            </Button>
            <Button loading={sending.isPending} onClick={send}>
              {t('reports.statements.confirm', {
                count: toMail,
              })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
