import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminSignInResponse,
  ZAdminUser,
  ZMemberSignInResponse,
  ZMemberUser,
  ZMeParams,
  ZSignInRequest,
} from '../../../domain/contracts/auth';
import { ALLOW } from '../../lib/access';
import { requirePrincipal } from '../../lib/auth';
import { unauthenticated } from '../../lib/errors';
import { findAdminById, findMemberById, presentAdminUser, presentMemberUser } from './accounts';
import { findHouseholdLoginById, presentHouseholdUser } from '../household/household-accounts';
import { originOf } from './origin';
import { signInAdmin, signInMember } from './signin.service';

const tags = ['auth'];
const bearer = [{ bearer: [] }];

/** Sign-in and the token look-ups (spec 02 §7.1; the token travels in the header, DESIGN §3d). */
const signInRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/user/signin',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags,
        summary: 'Sign in as a global admin, super user or temporary admin',
        body: ZSignInRequest,
        response: { 200: ZAdminSignInResponse },
      },
    },
    async (request) => signInAdmin(app.ctx, request.body, originOf(request)),
  );

  app.post(
    '/memlogin',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags,
        summary: 'Sign in as a member',
        body: ZSignInRequest,
        response: { 200: ZMemberSignInResponse },
      },
    },
    async (request) => signInMember(app.ctx, request.body, originOf(request)),
  );

  const adminLookup = async (subjectId: number) => {
    const account = await findAdminById(app.ctx.db, subjectId);
    if (!account) throw unauthenticated();
    return presentAdminUser(account);
  };

  app.get(
    '/user/accToken/:id',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags,
        summary: 'The signed-in admin, super user or temporary admin (is_staff marks the last)',
        security: bearer,
        params: ZMeParams,
        response: { 200: ZAdminUser },
      },
    },
    async (request) => adminLookup(requirePrincipal(request).subjectId),
  );

  app.get(
    '/user/accTokengsh/:id',
    {
      config: { allow: ALLOW.admins },
      schema: {
        tags,
        summary: 'The signed-in super user or global admin',
        security: bearer,
        params: ZMeParams,
        response: { 200: ZAdminUser },
      },
    },
    async (request) => adminLookup(requirePrincipal(request).subjectId),
  );

  app.get(
    '/user/accTokenmem/:id',
    {
      config: { allow: ALLOW.members },
      schema: {
        tags,
        summary: 'The signed-in member (or another adult of the family, with their rights)',
        security: bearer,
        params: ZMeParams,
        response: { 200: ZMemberUser },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (principal.household) {
        const login = await findHouseholdLoginById(app.ctx.db, principal.household.accountId);
        if (!login) throw unauthenticated();
        return presentHouseholdUser(login);
      }
      const member = await findMemberById(app.ctx.db, principal.subjectId);
      if (!member) throw unauthenticated();
      return presentMemberUser(member);
    },
  );
};

export default signInRoutes;
