import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZMemberExportQuery, ZMemberPdfQuery } from '../../../domain/contracts/member-exports';
import { toCalendarDate } from '../../../domain/dates';
import { ALLOW } from '../../lib/access';
import { holdsDownloadLink } from '../reports/download-links.service';
import { exportLanguage } from './member-export-labels';
import { memberCsvStream, memberPdfStream, type TExportFilter } from './member-exports.service';

const tags = ['members'];

function fileHeaders(reply: FastifyReply, type: string, filename: string): FastifyReply {
  return reply.headers({
    'content-type': type,
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  });
}

/**
 * `GET /api/pdf`, `/api/csv`, `/api/csv/active`, `/api/csv/inactive` (spec 02 §2.7): global admins
 * and super users (DESIGN §3c: temporary admins may not export), by bearer header or by a
 * single-use download link.
 */
const memberExportsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const config = { allow: ALLOW.admins, allowIf: holdsDownloadLink(app.ctx) };
  const today = () => toCalendarDate(app.ctx.clock.now(), app.ctx.config.timeZone);
  const languageOf = (request: FastifyRequest, lang: string | undefined) =>
    exportLanguage(lang, request.headers['accept-language']);

  app.get(
    '/pdf',
    {
      config,
      schema: {
        tags,
        summary: 'The member table as an A4 PDF: every member, or the list filter and search given',
        querystring: ZMemberPdfQuery,
      },
    },
    async (request, reply) => {
      const { search, active, gift, membertype, lang } = request.query;
      const filter: TExportFilter = {
        search,
        active: active || undefined,
        gift: gift || undefined,
        membertype: membertype || null,
      };
      const now = app.ctx.clock.now();
      const stream = await memberPdfStream(app.ctx.db, {
        filter,
        language: languageOf(request, lang),
        today: today(),
        now,
        timeZone: app.ctx.config.timeZone,
        orgName: app.ctx.config.orgName,
      });
      stream.on('error', (error) => request.log.error({ err: error }, 'member PDF failed'));
      return fileHeaders(reply, 'application/pdf', `members-${today()}.pdf`).send(stream);
    },
  );

  const csvExports: ReadonlyArray<{ url: string; which: string; active?: 'true' | 'false' }> = [
    { url: '/csv', which: 'all' },
    { url: '/csv/active', which: 'active', active: 'true' },
    { url: '/csv/inactive', which: 'inactive', active: 'false' },
  ];
  for (const { url, which, active } of csvExports)
    app.get(
      url,
      {
        config,
        schema: {
          tags,
          summary: `A spreadsheet (CSV) of ${which === 'all' ? 'every member' : `${which} members`}`,
          querystring: ZMemberExportQuery,
        },
      },
      async (request, reply) => {
        const stream = memberCsvStream(app.ctx.db, {
          filter: { active },
          language: languageOf(request, request.query.lang),
          today: today(),
        });
        stream.on('error', (error) => request.log.error({ err: error }, 'member CSV failed'));
        const name = which === 'all' ? 'members' : `members-${which}`;
        return fileHeaders(reply, 'text/csv; charset=utf-8', `${name}-${today()}.csv`).send(stream);
      },
    );
};

export default memberExportsRoutes;
