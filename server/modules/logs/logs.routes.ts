import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SIGNED_OUT_MESSAGE,
  ZMessageResponse,
  ZSignOutRequest,
} from '../../../domain/contracts/auth';
import { ZLogListQuery, ZLogListResponse } from '../../../domain/contracts/logs';
import { ALLOW } from '../../lib/access';
import { requirePrincipal } from '../../lib/auth';
import { originOf } from '../auth/origin';
import { signOut } from '../auth/signin.service';
import { listAuditLogs } from './logs.service';

const tags = ['logs'];
const security = [{ bearer: [] }];

/** The audit log list, and the spec's log call on logout, which ends the caller's session. */
const logsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/logs/',
    {
      config: { allow: ALLOW.admins },
      schema: {
        tags,
        summary: 'List the audit log: filter, sort, pages (total counted up to a cap)',
        security,
        querystring: ZLogListQuery,
        response: { 200: ZLogListResponse },
      },
    },
    async (request) => listAuditLogs(app.ctx.database, request.query),
  );

  app.post(
    '/logs/',
    {
      config: { allow: ALLOW.signedIn },
      schema: {
        tags,
        summary:
          "Sign out: ends the caller's own session and logs it (the body is accepted, not trusted)",
        security,
        body: ZSignOutRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await signOut(app.ctx, requirePrincipal(request), originOf(request));
      return { message: SIGNED_OUT_MESSAGE };
    },
  );
};

export default logsRoutes;
