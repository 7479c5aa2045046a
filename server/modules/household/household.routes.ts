import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZMemberSignInResponse, ZMessageResponse } from '../../../domain/contracts/auth';
import {
  HOUSEHOLD_MAIL_SAVED_MESSAGE,
  HOUSEHOLD_REVOKED_MESSAGE,
  ZAcceptInvitation,
  ZHouseholdAccountParams,
  ZHouseholdAdult,
  ZHouseholdInvite,
  ZHouseholdList,
  ZHouseholdMailChoice,
  ZHouseholdRightsChange,
  ZInvitationParams,
} from '../../../domain/contracts/household';
import { toCalendarDate } from '../../../domain/dates';
import { ALLOW } from '../../lib/access';
import { auditContextOf } from '../../lib/audit';
import { requirePrincipal } from '../../lib/auth';
import { originOf } from '../auth/origin';
import type { TMoment } from '../members/members.service';
import {
  acceptInvitation,
  inviteAdult,
  listHousehold,
  revokeHouseholdAccess,
  setHouseholdRights,
  setOwnMailChoice,
} from './household.service';

const tags = ['household'];
const bearer = [{ bearer: [] }];

/** Household sign-in: the family's other adults with their own e-mail and password. */
const householdRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const moment = (): TMoment => {
    const now = app.ctx.clock.now();
    return { now, today: toCalendarDate(now, app.ctx.config.timeZone) };
  };

  app.get(
    '/household/',
    {
      config: { allow: ALLOW.members },
      schema: {
        tags,
        summary: "The family's spouse and dependents with their own sign-ins (any adult of it)",
        security: bearer,
        response: { 200: ZHouseholdList },
      },
    },
    async (request) => ({
      items: await listHousehold(app.ctx, requirePrincipal(request).subjectId, moment().today),
    }),
  );

  app.post(
    '/household/invite',
    {
      config: { allow: ALLOW.members },
      schema: {
        tags,
        summary: 'Main member: mail the spouse or a dependent of 18+ a single-use sign-in link',
        security: bearer,
        body: ZHouseholdInvite,
        response: { 201: ZHouseholdAdult },
      },
    },
    async (request, reply) => {
      const adult = await inviteAdult(
        app.ctx,
        auditContextOf(request),
        requirePrincipal(request),
        request.body.familyMemberId,
        moment(),
      );
      return reply.code(201).send(adult);
    },
  );

  app.post(
    '/household/accept/:token',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags,
        summary: "Set one's password with the invitation link and sign in (the link works once)",
        params: ZInvitationParams,
        body: ZAcceptInvitation,
        response: { 200: ZMemberSignInResponse },
      },
    },
    async (request) =>
      acceptInvitation(app.ctx, request.params.token, request.body.password, originOf(request)),
  );

  app.put(
    '/household/mail',
    {
      config: { allow: ALLOW.members },
      schema: {
        tags,
        summary: 'The signed-in adult chooses whether mail to members reaches them',
        security: bearer,
        body: ZHouseholdMailChoice,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await setOwnMailChoice(
        app.ctx,
        auditContextOf(request),
        requirePrincipal(request),
        request.body.mailOptIn,
      );
      return { message: HOUSEHOLD_MAIL_SAVED_MESSAGE };
    },
  );

  app.put(
    '/household/:id',
    {
      config: { allow: ALLOW.members },
      schema: {
        tags,
        summary: 'Main member: what an adult may change (family details, member tickets)',
        security: bearer,
        params: ZHouseholdAccountParams,
        body: ZHouseholdRightsChange,
        response: { 200: ZHouseholdAdult },
      },
    },
    async (request) =>
      setHouseholdRights(
        app.ctx,
        auditContextOf(request),
        requirePrincipal(request),
        request.params.id,
        request.body,
        moment().today,
      ),
  );

  app.delete(
    '/household/:id',
    {
      config: { allow: ALLOW.members },
      schema: {
        tags,
        summary: "Main member: revoke an adult's sign-in; their sessions end at once",
        security: bearer,
        params: ZHouseholdAccountParams,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await revokeHouseholdAccess(
        app.ctx,
        auditContextOf(request),
        requirePrincipal(request),
        request.params.id,
      );
      return { message: HOUSEHOLD_REVOKED_MESSAGE };
    },
  );
};

export default householdRoutes;
