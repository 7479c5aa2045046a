import '@mantine/dates/styles.css';
import '@mantine/core/styles/Popover.css';
import { Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMutation } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { pickerValueFormat } from '../../i18n/dates-locale';
import type { TReportRange } from '../../../domain/contracts/reports';
import { toCalendarDate } from '../../../domain/dates';
import { messageOf } from '../../lib/api-client';
import { displayTimeZone } from '../../components/display-time-zone';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { EmptyState, ListSkeleton } from '../../components/ListStates';
import { notify } from '../../components/notify';
import { useCreateDownloadLink } from './api/create-download-link';
import { completeRange, EMPTY_RANGE, type TRangeDraft } from './report-range';

interface TShownReport<TRow> {
  range: TReportRange;
  rows: TRow[];
}

/**
 * One report of the reports screen (spec 01 §2.5, §4): a date range, Cancel and Submit; the
 * results and Download appear only after a fetch that found rows, and go away when a date changes
 * or the file is downloaded.
 */
export function ReportSection<TRow>({
  id,
  title,
  fetchRows,
  noData,
  downloadPath,
  renderRows,
}: {
  /** Prefix of the section's element ids. */
  id: string;
  title: string;
  fetchRows: (range: TReportRange) => Promise<TRow[]>;
  /** The warning toast when the range holds no payment. */
  noData: { message: string; title: string };
  downloadPath: (startDate: string, endDate: string) => string;
  /** The table of the rows; `refresh` fetches the same range again (after a refund). */
  renderRows: (rows: TRow[], refresh: () => void) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<TRangeDraft>(EMPTY_RANGE);
  const [shown, setShown] = useState<TShownReport<TRow> | null>(null);
  const report = useMutation({ mutationFn: fetchRows });
  const downloadLink = useCreateDownloadLink();
  const today = toCalendarDate(new Date(), displayTimeZone());
  const range = completeRange(draft, today);

  function setDate(field: keyof TRangeDraft, value: string | null) {
    setShown(null);
    report.reset();
    setDraft((current) => ({ ...current, [field]: value }));
  }

  function reset() {
    setShown(null);
    setDraft(EMPTY_RANGE);
    report.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!range) return;
    report.mutate(range, {
      onSuccess: (rows) => {
        if (rows.length > 0) setShown({ range, rows });
        else notify.warning(noData.message, noData.title);
      },
      onError: (error) => notify.error(messageOf(error, t)),
    });
  }

  function refresh() {
    if (!shown) return;
    const { range: shownRange } = shown;
    report.mutate(shownRange, {
      onSuccess: (rows) => setShown({ range: shownRange, rows }),
      onError: (error) => notify.error(messageOf(error, t)),
    });
  }

  function download() {
    if (!shown) return;
    const path = downloadPath(shown.range.startDate, shown.range.endDate);
    downloadLink.mutate(path, {
      onSuccess: ({ url }) => {
        const tab = window.open(url, '_blank');
        if (tab) tab.opener = null;
        // A blocked pop-up: the file still downloads here, as an attachment it leaves the page be.
        else window.location.assign(url);
        reset();
      },
      onError: (error) => notify.error(messageOf(error, t)),
    });
  }

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={`${id}-title`}
    >
      <Stack gap="md">
        <Title order={2} id={`${id}-title`}>
          {title}
        </Title>
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DatePickerInput
                label={t('reports.startDate')}
                placeholder={t('reports.pickDate')}
                valueFormat={pickerValueFormat(i18n.language, 'D MMM YYYY')}
                required
                maxDate={today}
                value={draft.startDate}
                onChange={(value) => setDate('startDate', value)}
              />
              <DatePickerInput
                label={t('reports.endDate')}
                placeholder={t('reports.pickDate')}
                valueFormat={pickerValueFormat(i18n.language, 'D MMM YYYY')}
                required
                minDate={draft.startDate ?? undefined}
                maxDate={today}
                value={draft.endDate}
                onChange={(value) => setDate('endDate', value)}
              />
            </SimpleGrid>
            <Group>
              <Button type="button" variant="default" onClick={reset}>
                {t('reports.cancel')}
              </Button>
              <Button type="submit" disabled={!range} loading={report.isPending}>
                {t('reports.submit')}
              </Button>
              {shown && (
                <Button
                  type="button"
                  variant="light"
                  leftSection={<IconDownload aria-hidden size={18} />}
                  loading={downloadLink.isPending}
                  onClick={download}
                >
                  {t('reports.download')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
        {report.isPending ? (
          <ListSkeleton rows={5} />
        ) : report.isError ? (
          <LoadErrorAlert
            error={report.error}
            onRetry={() => report.variables && report.mutate(report.variables)}
          />
        ) : report.data?.length === 0 ? (
          <EmptyState title={noData.title}>{noData.message}</EmptyState>
        ) : (
          shown && renderRows(shown.rows, refresh)
        )}
      </Stack>
    </Paper>
  );
}
