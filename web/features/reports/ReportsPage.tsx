import { ActionIcon, Group, Stack } from '@mantine/core';
import '@mantine/core/styles/ActionIcon.css';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { donationReportDownload } from '../../../domain/contracts/donations';
import { REPORT_DOWNLOADS } from '../../../domain/contracts/reports';
import { useIsTempAdmin } from '../../app/use-is-temp-admin';
import { PageTitle } from '../../components/PageTitle';
import { fetchDonationReport, fetchMemberReport, fetchTicketReport } from './api/fetch-reports';
import { DonationReportTable } from './DonationReportTable';
import { DonationStatementsPanel } from './DonationStatementsPanel';
import { MemberReportTable } from './MemberReportTable';
import { ReportSection } from './ReportSection';
import { TicketReportTable } from './TicketReportTable';

/**
 * `#/reports` (staff): ticket payments, membership payments and donations over a date range, and
 * their spreadsheets; admins (not temporary ones) also send the yearly donation statements.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const isTempAdmin = useIsTempAdmin();
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
      <ReportSection
        id="donation-report"
        title={t('reports.donation.title')}
        fetchRows={fetchDonationReport}
        noData={{
          message: t('reports.donation.noData'),
          title: t('reports.donation.noDataTitle'),
        }}
        downloadPath={donationReportDownload}
        renderRows={(rows, refresh) => <DonationReportTable rows={rows} onRefunded={refresh} />}
      />
      {!isTempAdmin && <DonationStatementsPanel />}
    </Stack>
  );
}
