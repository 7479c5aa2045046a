import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MEMBER_CREATED_MESSAGE,
  MEMBER_UPDATED_MESSAGE,
  ZEmailAvailability,
  ZEmailCheckParams,
  MEMBER_DELETED_MESSAGE,
  ZMemberCreate,
  ZMemberDeleted,
  ZMemberFilter,
  ZMemberFilterResponse,
  ZMemberIdParams,
  ZMemberLimitedUpdate,
  ZMemberListQuery,
  ZMemberListResponse,
  ZMemberOneResponse,
  ZMemberSaved,
  ZMemberUpdate,
} from '../../../domain/contracts/members';
import { toCalendarDate } from '../../../domain/dates';
import { US_STATES } from '../../../domain/us-states';
import { ALLOW } from '../../lib/access';
import { addressClient, takeAnonymousHit } from '../../lib/anonymous-limits';
import { isStaffRole, requirePrincipal } from '../../lib/auth';
import { auditContextOf } from '../../lib/audit';
import { assertHouseholdRight } from '../../lib/auth';
import { memberIdFor } from './member-access';
import { listMembers } from './member-list.service';
import { deleteMember } from './member-delete.service';
import {
  createMember,
  getMember,
  emailAvailability,
  updateMemberDetails,
  updateMemberLimited,
  type TMoment,
} from './members.service';
import { multipartImageForm, uploadedImageOf } from '../images/multipart-form';

const profileImageForm = multipartImageForm('memberImage');

/** The member-scoped access check, run before the body (and its image) is read. */
async function assertMayEditMember(request: FastifyRequest): Promise<void> {
  const params = ZMemberIdParams.safeParse(request.params);
  // A malformed id is the schema's to refuse (400) a moment later
  if (params.success) memberIdFor(request.principal, params.data.id);
  // Another adult of the family edits it only when the main member allows
  assertHouseholdRight(request.principal, 'editFamily');
}

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
          'Is an e-mail free for joining? Taken by a member or an open registration checkout (60 a minute per client)',
        params: ZEmailCheckParams,
        response: { 200: ZEmailAvailability },
      },
    },
    async (request) => {
      const now = app.ctx.clock.now();
      await takeAnonymousHit(
        app.ctx.db,
        'email-lookup',
        { client: addressClient(request.ip) },
        now,
      );
      return emailAvailability(app.ctx.db, request.params.email, now);
    },
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
      ...(await listMembers(app.ctx.database, request.query, moment().today)),
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

  app.post(
    '/listMember',
    {
      config: { allow: ALLOW.memberOrStaff },
      schema: {
        tags: ['members'],
        summary:
          'The member list: staff filter (active, gift, membertype), search and page; a member gets their own row',
        body: ZMemberFilter,
        response: { 200: ZMemberFilterResponse },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { today } = moment();
      if (isStaffRole(principal.role)) {
        return { ...(await listMembers(app.ctx.database, request.body, today)), state: states() };
      }
      // The spec's individual list: a member sees their own row, whatever the filter asks
      const own = await getMember(app.ctx.db, principal.subjectId, today);
      return { member: [own], total: 1, page: 1, pageSize: request.body.pageSize, state: states() };
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
      // The spec's form sends multipart: its text fields are checked like a JSON body, and a
      // profile image in `memberImage` goes through the image store (checked by content).
      // Whose record it is is checked first, so a refused caller's upload is never stored.
      preValidation: [assertMayEditMember, profileImageForm.preValidation],
      onSend: profileImageForm.onSend,
      schema: {
        tags: ['members'],
        summary:
          "Change a member's names, e-mail, phone, address and profile image (JSON, or multipart with memberImage)",
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
        uploadedImageOf(request)?.id,
      );
      return { message: MEMBER_UPDATED_MESSAGE, member };
    },
  );

  app.delete(
    '/memberupdate/:id',
    {
      config: { allow: ALLOW.admins },
      schema: {
        tags: ['members'],
        summary:
          'Delete a member; payments keep their names, tickets stay valid, a linked board entry and its sign-in go',
        params: ZMemberIdParams,
        response: { 200: ZMemberDeleted },
      },
    },
    async (request) => {
      const memberId = memberIdFor(request.principal, request.params.id);
      await deleteMember(app.ctx.db, auditContextOf(request), memberId, app.ctx.clock.now());
      return { message: MEMBER_DELETED_MESSAGE };
    },
  );

  app.put(
    '/memberUpdateLimited/:id',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags: ['members'],
        summary: "Set a member's gift flag (giftrecieved 'received' or '') or notes",
        params: ZMemberIdParams,
        body: ZMemberLimitedUpdate,
        response: { 200: ZMemberSaved },
      },
    },
    async (request) => {
      const memberId = memberIdFor(request.principal, request.params.id);
      const member = await updateMemberLimited(
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
