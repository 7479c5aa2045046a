import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FAMILY_DELETED_MESSAGE,
  FAMILY_MEMBER_ADDED_MESSAGE,
  FAMILY_MEMBER_UPDATED_MESSAGE,
  ZDeleteFamilyRequest,
  ZDeleteFamilyResponse,
  ZFamilyListResponse,
  ZFamilyMemberAnswer,
  ZFamilyMember,
  ZFamilyMemberCreate,
  ZFamilyMemberList,
  ZFamilyMemberUpdate,
  ZFamilyRowParams,
  ZFamilyScopeQuery,
} from '../../../domain/contracts/family';
import { ZMemberIdParams } from '../../../domain/contracts/members';
import { toCalendarDate } from '../../../domain/dates';
import { ALLOW } from '../../lib/access';
import { auditContextOf } from '../../lib/audit';
import { assertHouseholdRight } from '../../lib/auth';
import { memberIdFor } from '../members/member-access';
import type { TMoment } from '../members/members.service';
import {
  addFamilyMember,
  familyScope,
  getFamilyMember,
  listFamilyMembers,
  removeFamilyMember,
  updateFamilyMember,
} from './family-members.service';
import { deleteFamilySlot, getFamilyRecord } from './family.service';

/** DESIGN §3c: a member on their own family, a global admin or super user on any; a temporary admin may not delete. */
const MAY_DELETE_FAMILY = ['member', 'admin', 'super'] as const;

const familyRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const moment = (): TMoment => {
    const now = app.ctx.clock.now();
    return { now, today: toCalendarDate(now, app.ctx.config.timeZone) };
  };

  app.get(
    '/membersfamilylist/:id',
    {
      config: { allow: ALLOW.memberOrStaff },
      schema: {
        tags: ['family'],
        summary: "A member's family record (a member: their own, or 'me')",
        params: ZMemberIdParams,
        response: { 200: ZFamilyListResponse },
      },
    },
    async (request) => {
      const memberId = memberIdFor(request.principal, request.params.id);
      return { memberfamily: [await getFamilyRecord(app.ctx.db, memberId, moment().today)] };
    },
  );

  app.put(
    '/deletememberfamily/:id',
    {
      config: { allow: MAY_DELETE_FAMILY },
      schema: {
        tags: ['family'],
        summary:
          "Remove the spouse or a dependent ('spouse', 'dep1'..'dep6'); other slots keep their place",
        params: ZMemberIdParams,
        body: ZDeleteFamilyRequest,
        response: { 200: ZDeleteFamilyResponse },
      },
    },
    async (request) => {
      const memberId = memberIdFor(request.principal, request.params.id);
      assertHouseholdRight(request.principal, 'main');
      await deleteFamilySlot(app.ctx.db, auditContextOf(request), memberId, request.body.name);
      return { message: FAMILY_DELETED_MESSAGE } as const;
    },
  );

  app.get(
    '/family/',
    {
      config: { allow: ALLOW.memberOrStaff },
      schema: {
        tags: ['family'],
        summary: 'The spouse and dependent rows of a family (staff name it with memberId)',
        querystring: ZFamilyScopeQuery,
        response: { 200: ZFamilyMemberList },
      },
    },
    async (request) => {
      const memberId = familyScope(request.principal, request.query.memberId);
      return { items: await listFamilyMembers(app.ctx.db, memberId) };
    },
  );

  app.get(
    '/family/:id',
    {
      config: { allow: ALLOW.memberOrStaff },
      schema: {
        tags: ['family'],
        summary: 'One spouse or dependent row',
        params: ZFamilyRowParams,
        response: { 200: ZFamilyMember },
      },
    },
    async (request) => getFamilyMember(app.ctx.db, request.principal, request.params.id),
  );

  app.post(
    '/family/',
    {
      config: { allow: ALLOW.memberOrStaff },
      schema: {
        tags: ['family'],
        summary:
          'Add a spouse, or a dependent into a free paid-for slot (402 past the number paid for)',
        body: ZFamilyMemberCreate,
        response: { 201: ZFamilyMemberAnswer },
      },
    },
    async (request, reply) => {
      const { memberId: named, ...change } = request.body;
      const memberId = familyScope(request.principal, named);
      assertHouseholdRight(request.principal, 'editFamily');
      const item = await addFamilyMember(
        app.ctx.db,
        auditContextOf(request),
        memberId,
        change,
        moment(),
      );
      return reply.code(201).send({ message: FAMILY_MEMBER_ADDED_MESSAGE, item });
    },
  );

  app.put(
    '/family/:id',
    {
      config: { allow: ALLOW.memberOrStaff },
      schema: {
        tags: ['family'],
        summary: "Edit a spouse's or dependent's details; relation and slot stay",
        params: ZFamilyRowParams,
        body: ZFamilyMemberUpdate,
        response: { 200: ZFamilyMemberAnswer },
      },
    },
    async (request) => {
      assertHouseholdRight(request.principal, 'editFamily');
      const item = await updateFamilyMember(
        app.ctx.db,
        auditContextOf(request),
        request.principal,
        request.params.id,
        request.body,
        moment(),
      );
      return { message: FAMILY_MEMBER_UPDATED_MESSAGE, item };
    },
  );

  app.delete(
    '/family/:id',
    {
      config: { allow: MAY_DELETE_FAMILY },
      schema: {
        tags: ['family'],
        summary: 'Remove a spouse or dependent row; other slots keep their place',
        params: ZFamilyRowParams,
        response: { 200: ZFamilyMemberAnswer },
      },
    },
    async (request) => {
      assertHouseholdRight(request.principal, 'main');
      const item = await removeFamilyMember(
        app.ctx.db,
        auditContextOf(request),
        request.principal,
        request.params.id,
      );
      return { message: FAMILY_DELETED_MESSAGE, item };
    },
  );
};

export default familyRoutes;
