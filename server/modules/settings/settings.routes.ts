import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPublicSettings } from '../../../domain/contracts/settings';
import { ALLOW } from '../../lib/access';

/** The association's name, event prefix and time zone, so every screen shows what the server stores. */
const settingsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/settings',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags: ['settings'],
        summary: 'Public settings of this association',
        response: { 200: ZPublicSettings },
      },
    },
    async () => {
      const { orgName, eventPrefix, timeZone, paymentProvider, version } = app.ctx.config;
      return { orgName, eventPrefix, timeZone, paymentProvider, version };
    },
  );
};

export default settingsRoutes;
