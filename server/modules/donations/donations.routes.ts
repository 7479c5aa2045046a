import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZSendStatements,
  ZStatementPreview,
  ZStatementsSent,
  ZStatementYearParams,
} from '../../../domain/contracts/donations';
import { ALLOW } from '../../lib/access';
import { auditContextOf } from '../../lib/audit';
import { previewStatements, sendStatements } from './donation-statements.service';

const tags = ['donations'];

/**
 * Yearly donation statements (issue 15): global admins and super users only; temporary admins see
 * the donation report (./reports) but may not mail every donor.
 */
const donationsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/donations/statements/:year',
    {
      config: { allow: ALLOW.admins },
      schema: {
        tags,
        summary:
          "How many donors a year's statements would be mailed to, and how many already were",
        params: ZStatementYearParams,
        response: { 200: ZStatementPreview },
      },
    },
    async (request) => previewStatements(app.ctx, request.params.year),
  );

  app.post(
    '/donations/statements',
    {
      config: { allow: ALLOW.admins },
      schema: {
        tags,
        summary: 'Mail every donor of a year their statement (once per donor and year)',
        body: ZSendStatements,
        response: { 200: ZStatementsSent },
      },
    },
    async (request) => {
      const result = await sendStatements(app.ctx, auditContextOf(request), request.body.year);
      if (result.sent > 0) app.ctx.kickMail();
      return result;
    },
  );
};

export default donationsRoutes;
