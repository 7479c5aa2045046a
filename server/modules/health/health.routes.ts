import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALLOW } from '../../lib/access';

const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  version: z.string(),
});

const healthRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags: ['health'],
        summary: 'Is the server up, and does its database take writes?',
        response: { 200: ZHealth, 503: ZHealth },
      },
    },
    async (_request, reply) => {
      const dbUp = await app.ctx.database.probe();
      const body = {
        status: dbUp ? 'ok' : 'degraded',
        db: dbUp ? 'ok' : 'down',
        version: app.ctx.config.version,
      } as const;
      return reply.code(dbUp ? 200 : 503).send(body);
    },
  );
};

export default healthRoutes;
