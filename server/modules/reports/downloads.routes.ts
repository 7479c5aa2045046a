import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDownloadLink, ZDownloadLinkRequest } from '../../../domain/contracts/reports';
import { ALLOW } from '../../lib/access';
import { requirePrincipal } from '../../lib/auth';
import { createDownloadLink } from './download-links.service';

/** `POST /api/downloads`: a 60-second, single-use link for a download opened in a new tab. */
const downloadsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/downloads',
    {
      // Each download path names the roles that may have it (DOWNLOAD_TARGETS)
      config: { allow: ALLOW.signedIn },
      schema: {
        tags: ['reports'],
        summary: 'A single-use link (60 s) to a download, for a new tab without the bearer header',
        body: ZDownloadLinkRequest,
        response: { 200: ZDownloadLink },
      },
    },
    async (request) =>
      createDownloadLink(app.ctx.db, {
        path: request.body.path,
        principal: requirePrincipal(request),
        now: app.ctx.clock.now(),
      }),
  );
};

export default downloadsRoutes;
