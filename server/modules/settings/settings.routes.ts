import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPublicSettings, type TPublicSettings } from '../../../domain/contracts/settings';
import type { TConfig } from '../../config';
import { ALLOW } from '../../lib/access';

/** What every screen shows of the association: its name, address, phone, e-mail, social page, city. */
export function presentSettings(config: TConfig): TPublicSettings {
  const { orgName, org, eventPrefix, timeZone, paymentProvider, version } = config;
  return {
    orgName,
    orgAddress: org.address,
    orgPhone: org.phone,
    orgEmail: org.email,
    orgSocialUrl: org.socialUrl,
    orgCity: org.city,
    orgMapBbox: org.mapBbox,
    orgLegalName: org.legalName,
    orgTaxId: org.taxId,
    eventPrefix,
    timeZone,
    paymentProvider,
    version,
  };
}

/** The association's public settings, so every screen shows what the server stores. */
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
    async () => presentSettings(app.ctx.config),
  );
};

export default settingsRoutes;
