import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MEMBER_CREATED_MESSAGE,
  MEMBER_UPDATED_MESSAGE,
  ZEmailAvailability,
  ZEmailCheckParams,
  ZMemberCreate,
  ZMemberIdParams,
  ZMemberListQuery,
  ZMemberListResponse,
  ZMemberOneResponse,
  ZMemberSaved,
  ZMemberUpdate,
} from '../../../domain/contracts/members';
import { toCalendarDate } from '../../../domain/dates';
import { US_STATES } from '../../../domain/us-states';
import { ALLOW } from '../../lib/access';
import { auditContextOf } from '../../lib/audit';
import { memberIdFor } from './member-access';
import {
  createMember,
  getMember,
  isEmailAvailable,
  listMembers,
  updateMemberDetails,
  type TMoment,
} from './members.service';
import { multipartFieldsAsBody } from './multipart-body';

const membersRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const moment = (): TMoment => {
    const now = app.ctx.clock.now();
    return { now, today: toCalendarDate(now, app.ctx.config.timeZone) };
  };
  const states = () => [...US_STATES];

  app.get(
    '/membercheckemail/:email',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags: ['members'],
        summary:
          'Is an e-mail free for joining? Taken by a member or an open registration checkout',
        params: ZEmailCheckParams,
        response: { 200: ZEmailAvailability },
      },
    },
    async (request) => ({
      available: await isEmailAvailable(app.ctx.db, request.params.email, app.ctx.clock.now()),
    }),
  );

  app.get(
    '/members',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags: ['members'],
        summary:
          'Members, searched (FamilyID, name, e-mail, street) and paged, with the state list',
        querystring: ZMemberListQuery,
        response: { 200: ZMemberListResponse },
      },
    },
    async (request) => ({
      ...(await listMembers(app.ctx.db, request.query, moment().today)),
      state: states(),
    }),
  );

  app.post(
    '/members',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags: ['members'],
        summary: 'Enter a family by hand: inactive, without FamilyPlanId, until its first payment',
        body: ZMemberCreate,
        response: { 201: ZMemberSaved },
      },
    },
    async (request, reply) => {
      const member = await createMember(
        app.ctx.db,
        auditContextOf(request),
        request.body,
        moment(),
      );
      return reply.code(201).send({ message: MEMBER_CREATED_MESSAGE, member });
    },
  );

  app.get(
    '/membersIndiApi/:id',
    {
      config: { allow: ALLOW.memberOrStaff },
      schema: {
        tags: ['members'],
        summary: "One member (a member: their own, or 'me'), with the state list",
        params: ZMemberIdParams,
        response: { 200: ZMemberOneResponse },
      },
    },
    async (request) => {
      const memberId = memberIdFor(request.principal, request.params.id);
      return { member: [await getMember(app.ctx.db, memberId, moment().today)], state: states() };
    },
  );

  app.put(
    '/memberupdate/:id',
    {
      config: { allow: ALLOW.memberOrStaff },
      // The spec's form sends multipart; its text fields are checked like a JSON body
      preValidation: (request: FastifyRequest) => multipartFieldsAsBody(request),
      schema: {
        tags: ['members'],
        summary: "Change a member's names, e-mail, phone and address (JSON or multipart fields)",
        consumes: ['application/json', 'multipart/form-data'],
        params: ZMemberIdParams,
        body: ZMemberUpdate,
        response: { 200: ZMemberSaved },
      },
    },
    async (request) => {
      const memberId = memberIdFor(request.principal, request.params.id);
      const member = await updateMemberDetails(
        app.ctx.db,
        auditContextOf(request),
        memberId,
        request.body,
        moment(),
      );
      return { message: MEMBER_UPDATED_MESSAGE, member };
    },
  );
};

export default membersRoutes;
