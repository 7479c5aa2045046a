import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPayQuote, ZPayQuoteRequest } from '../../../domain/contracts/events';
import { ALLOW } from '../../lib/access';
import { quoteNonMemberPurchase } from './pay-quote.service';

/** The live price of a non-member purchase, for anyone about to buy (DESIGN §3c, §3d). */
const payQuoteRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/nonmember/paydata',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags: ['tickets'],
        summary:
          'Price a non-member purchase (tickets or a table) as checkout would; holds nothing',
        body: ZPayQuoteRequest,
        response: { 200: ZPayQuote },
      },
    },
    async (request) =>
      quoteNonMemberPurchase(app.ctx.db, request.body, {
        now: app.ctx.clock.now(),
        config: app.ctx.config,
      }),
  );
};

export default payQuoteRoutes;
