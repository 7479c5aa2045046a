import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLine } from '../../../domain/contracts/fields';
import { ZMemberReport, ZReportRange, ZTicketReport } from '../../../domain/contracts/reports';
import { ZDonationReport } from '../../../domain/contracts/donations';
import { donationReport, donationSheetBatches } from '../donations/donation-report.service';
import { DONATION_SHEET } from '../donations/donation-sheet';
import type { TDbOrTx } from '../../db/client';
import { ALLOW } from '../../lib/access';
import { holdsDownloadLink } from './download-links.service';
import { acceptFormBodies } from './form-body';
import { parseReportRange, type TReportRange } from './report-range';
import {
  MEMBER_SHEET,
  streamWorkbook,
  TICKET_SHEET,
  type TRowMoney,
  type TSheetSpec,
} from './report-workbook';
import {
  memberReport,
  memberReportBatches,
  presentMemberRow,
  presentTicketRow,
  ticketReport,
  ticketReportBatches,
} from './reports.service';

const tags = ['reports'];
const ZDownloadParams = z.object({ start: ZLine().max(10), end: ZLine().max(10) });
const ZDownloadQuery = z.object({ link: ZLine().max(100).optional() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Reports and their downloads: staff only (DESIGN §3c). */
const reportsRoutes: FastifyPluginAsync = async (instance) => {
  acceptFormBodies(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const range = (input: unknown) =>
    parseReportRange(input, app.ctx.clock.now(), app.ctx.config.timeZone);

  app.post(
    '/ticketreport',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags,
        summary: 'Confirmed ticket payments created in a range of days',
        body: ZReportRange,
        response: { 200: ZTicketReport },
      },
    },
    async (request) => ({ success: await ticketReport(app.ctx.db, range(request.body)) }),
  );

  app.post(
    '/memberreport',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags,
        summary: 'Confirmed membership payments created in a range of days',
        body: ZReportRange,
        response: { 200: ZMemberReport },
      },
    },
    async (request) => ({ success: await memberReport(app.ctx.db, range(request.body)) }),
  );

  app.post(
    '/donationreport',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags,
        summary: 'Confirmed donations created in a range of days, with their total (issue 15)',
        body: ZReportRange,
        response: { 200: ZDonationReport },
      },
    },
    async (request) => donationReport(app.ctx.db, range(request.body)),
  );

  // Opened in a new tab, which cannot send the bearer header: a single-use link is the second way in
  const viaDownloadLink = holdsDownloadLink(app.ctx);

  function registerDownload<TDbRow, TRow extends TRowMoney>(spec: {
    url: string;
    file: string;
    summary: string;
    batches: (db: TDbOrTx, days: TReportRange) => AsyncIterable<TDbRow[]>;
    present: (row: TDbRow) => TRow;
    sheet: TSheetSpec<TRow>;
  }): void {
    app.get(
      spec.url,
      {
        config: { allow: ALLOW.staff, allowIf: viaDownloadLink },
        schema: {
          tags,
          summary: spec.summary,
          params: ZDownloadParams,
          querystring: ZDownloadQuery,
        },
      },
      async (request, reply) => {
        const days = range({ startDate: request.params.start, endDate: request.params.end });
        const rows = mapBatches(spec.batches(app.ctx.db, days), spec.present);
        const stream = streamWorkbook(spec.sheet, rows, days.timeZone, (error) =>
          request.log.error({ err: error }, `${spec.file} download failed`),
        );
        return reply
          .headers(fileHeaders(`${spec.file}-${days.startDate}-to-${days.endDate}.xlsx`))
          .send(stream);
      },
    );
  }

  registerDownload({
    url: '/ticketreportdownload/:start/:end',
    file: 'ticket-report',
    summary: 'The ticket report as an .xlsx file (staff, or a download link)',
    batches: ticketReportBatches,
    present: presentTicketRow,
    sheet: TICKET_SHEET,
  });
  registerDownload({
    url: '/memberreportdownload/:start/:end',
    file: 'member-report',
    summary: 'The member payment report as an .xlsx file (staff, or a download link)',
    batches: memberReportBatches,
    present: presentMemberRow,
    sheet: MEMBER_SHEET,
  });
  registerDownload({
    url: '/donationreportdownload/:start/:end',
    file: 'donation-report',
    summary: 'The donation report as an .xlsx file, with the total (staff, or a download link)',
    batches: donationSheetBatches,
    present: (row) => row,
    sheet: DONATION_SHEET,
  });
};

function fileHeaders(filename: string): Record<string, string> {
  return {
    'content-type': XLSX,
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  };
}

async function* mapBatches<TIn, TOut>(
  batches: AsyncIterable<TIn[]>,
  map: (row: TIn) => TOut,
): AsyncGenerator<TOut[]> {
  for await (const batch of batches) yield batch.map(map);
}

export default reportsRoutes;
