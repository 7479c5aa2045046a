import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PLAN_UPDATED_MESSAGE,
  ZPlanIdParams,
  ZPlanInput,
  ZPlanList,
  ZPlanListQuery,
  ZPlanUpdated,
} from '../../../domain/contracts/plans';
import { ALLOW } from '../../lib/access';
import { auditContextOf } from '../../lib/audit';
import { assertRole } from '../../lib/auth';
import { listPlans, updatePlan } from './plans.service';

const plansRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/memberplan',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags: ['plans'],
        summary: 'The active membership plans; staff add ?all=true for every plan',
        querystring: ZPlanListQuery,
        response: { 200: ZPlanList },
      },
    },
    async (request) => {
      const all = request.query.all === 'true';
      if (all) assertRole(request.principal, ALLOW.staff);
      return listPlans(app.ctx.db, { includeInactive: all });
    },
  );

  app.put(
    '/memberplan/:id',
    {
      config: { allow: ALLOW.admins },
      schema: {
        tags: ['plans'],
        summary: 'Replace a plan (also sets the magazine price of plan DA)',
        params: ZPlanIdParams,
        body: ZPlanInput,
        response: { 200: ZPlanUpdated },
      },
    },
    async (request) => {
      const plan = await updatePlan(
        app.ctx.db,
        auditContextOf(request),
        request.params.id,
        request.body,
      );
      return { message: PLAN_UPDATED_MESSAGE, plan } as const;
    },
  );
};

export default plansRoutes;
