import { ActionIcon, Group, Stack } from '@mantine/core';
import '@mantine/core/styles/ActionIcon.css';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REPORT_DOWNLOADS } from '../../../domain/contracts/reports';
import { PageTitle } from '../../components/PageTitle';
import { fetchMemberReport, fetchTicketReport } from './api/fetch-reports';
import { MemberReportTable } from './MemberReportTable';
import { ReportSection } from './ReportSection';
import { TicketReportTable } from './TicketReportTable';

/** `#/reports` (staff): ticket payments and membership payments over a date range, and their spreadsheets. */
export function ReportsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap">
        <ActionIcon
          component={Link}
          to="/"
          variant="subtle"
          size="lg"
          aria-label={t('reports.back')}
        >
          <IconArrowLeft aria-hidden />
        </ActionIcon>
        <PageTitle>{t('pages.reports.title')}</PageTitle>
      </Group>
      <ReportSection
        id="ticket-report"
        title={t('reports.ticket.title')}
        fetchRows={fetchTicketReport}
        noData={{ message: t('reports.ticket.noData'), title: t('reports.ticket.noDataTitle') }}
        downloadPath={REPORT_DOWNLOADS.ticket}
        renderRows={(rows, refresh) => <TicketReportTable rows={rows} onRefunded={refresh} />}
      />
      <ReportSection
        id="member-report"
        title={t('reports.member.title')}
        fetchRows={fetchMemberReport}
        noData={{ message: t('reports.member.noData'), title: t('reports.member.noDataTitle') }}
        downloadPath={REPORT_DOWNLOADS.member}
        renderRows={(rows, refresh) => <MemberReportTable rows={rows} onRefunded={refresh} />}
      />
    </Stack>
  );
}
