import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCheckinParams,
  ZCheckinRequest,
  ZCheckinResult,
  ZCheckinSummary,
} from '../../../domain/contracts/checkin';
import { ALLOW } from '../../lib/access';
import { auditContextOf } from '../../lib/audit';
import { checkIn, checkinSummary } from './checkin.service';

/** Door check-in (DESIGN §3c): temporary admins and admins; members and visitors are refused. */
const checkinRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['events: door check-in'];

  app.get(
    '/checkin/:eventid',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags,
        summary: 'The event at the door: its name, and seats arrived of those sold',
        params: ZCheckinParams,
        response: { 200: ZCheckinSummary },
      },
    },
    async (request) => checkinSummary(app.ctx.db, request.params.eventid, app.ctx.clock.now()),
  );

  app.post(
    '/checkin/:eventid',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags,
        summary:
          'Check a ticket in by its door code; a retry of the same requestId answers as before, a later scan answers already-checked-in with the first time',
        params: ZCheckinParams,
        body: ZCheckinRequest,
        response: { 200: ZCheckinResult },
      },
    },
    async (request) =>
      checkIn(app.ctx.db, auditContextOf(request), request.params.eventid, request.body),
  );
};

export default checkinRoutes;
