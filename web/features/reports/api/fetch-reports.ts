import type {
  TMemberReport,
  TMemberReportRow,
  TReportRange,
  TTicketReport,
  TTicketReportRow,
} from '../../../../domain/contracts/reports';
import type { TDonationReport, TDonationReportRow } from '../../../../domain/contracts/donations';
import { apiFetch } from '../../../lib/api-client';

/** The spec sends the range as a form (spec 01 §7): `startDate` and `endDate` as YYYY-MM-DD. */
function rangeForm(range: TReportRange): FormData {
  const form = new FormData();
  form.set('startDate', range.startDate);
  form.set('endDate', range.endDate);
  return form;
}

/** `POST /api/ticketreport`: confirmed ticket payments created in the range, oldest first. */
export async function fetchTicketReport(range: TReportRange): Promise<TTicketReportRow[]> {
  const report = await apiFetch<TTicketReport>('/ticketreport', {
    method: 'POST',
    body: rangeForm(range),
    session: 'admin',
  });
  return report.success;
}

/** `POST /api/memberreport`: confirmed membership payments created in the range. */
export async function fetchMemberReport(range: TReportRange): Promise<TMemberReportRow[]> {
  const report = await apiFetch<TMemberReport>('/memberreport', {
    method: 'POST',
    body: rangeForm(range),
    session: 'admin',
  });
  return report.success;
}

/** `POST /api/donationreport`: confirmed donations created in the range (issue 15). */
export async function fetchDonationReport(range: TReportRange): Promise<TDonationReportRow[]> {
  const report = await apiFetch<TDonationReport>('/donationreport', {
    method: 'POST',
    body: rangeForm(range),
    session: 'admin',
  });
  return report.success;
}
