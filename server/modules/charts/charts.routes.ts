import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAllChart, ZMemChart } from '../../../domain/contracts/charts';
import { toCalendarDate } from '../../../domain/dates';
import { ALLOW } from '../../lib/access';
import { memberChart, paymentChart, type TChartMoment } from './charts.service';

const tags = ['charts'];
const security = [{ bearer: [] }];

/** The dashboard's figures: staff only, temporary admins included (DESIGN §3c). */
const chartsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const moment = (): TChartMoment => ({
    today: toCalendarDate(app.ctx.clock.now(), app.ctx.config.timeZone),
    timeZone: app.ctx.config.timeZone,
  });

  app.get(
    '/memchart',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags,
        summary: 'Members by plan, active and inactive, and new members per month (12 months)',
        security,
        response: { 200: ZMemChart },
      },
    },
    async () => memberChart(app.ctx.db, moment()),
  );

  app.get(
    '/allchart',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags,
        summary:
          'Money in per month by kind of payment (cents, net of refunds), this year, and tickets per event',
        security,
        response: { 200: ZAllChart },
      },
    },
    async () => paymentChart(app.ctx.db, moment()),
  );
};

export default chartsRoutes;
