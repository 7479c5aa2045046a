import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAccountIdParams,
  ZAdminAccount,
  ZAdminAccountCreate,
  ZAdminAccountList,
  ZAdminAccountUpdate,
} from '../../../domain/contracts/auth';
import { ALLOW } from '../../lib/access';
import { requirePrincipal } from '../../lib/auth';
import {
  createAdminAccount,
  listAdminAccounts,
  updateAdminAccount,
} from './admin-accounts.service';
import { originOf } from './origin';

const tags = ['admin accounts'];
const security = [{ bearer: [] }];

/** Admin accounts (`gshsignup`): super user only (DESIGN §3c). */
const adminAccountRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const config = { allow: ALLOW.superUser };

  app.get(
    '/user/gshsignup',
    {
      config,
      schema: {
        tags,
        summary: 'List the admin accounts',
        security,
        response: { 200: ZAdminAccountList },
      },
    },
    async () => ({ items: await listAdminAccounts(app.ctx) }),
  );

  app.post(
    '/user/gshsignup',
    {
      config,
      schema: {
        tags,
        summary: 'Create a global admin, super user or temporary admin account',
        security,
        body: ZAdminAccountCreate,
        response: { 201: ZAdminAccount },
      },
    },
    async (request, reply) => {
      const account = await createAdminAccount(
        app.ctx,
        requirePrincipal(request),
        request.body,
        originOf(request),
      );
      return reply.code(201).send(account);
    },
  );

  app.put(
    '/user/gshsignup/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Edit an admin account; a new password, deactivation or another kind ends its sessions',
        security,
        params: ZAccountIdParams,
        body: ZAdminAccountUpdate,
        response: { 200: ZAdminAccount },
      },
    },
    async (request) =>
      updateAdminAccount(
        app.ctx,
        requirePrincipal(request),
        request.params.id,
        request.body,
        originOf(request),
      ),
  );
};

export default adminAccountRoutes;
