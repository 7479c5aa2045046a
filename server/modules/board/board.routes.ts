import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BOARD_CREATED_MESSAGE,
  BOARD_DELETED_MESSAGE,
  BOARD_UPDATED_MESSAGE,
  ZBoardCandidates,
  ZBoardDeleted,
  ZBoardIdParams,
  ZBoardList,
  ZBoardMemberForm,
  ZBoardSaved,
  ZLeadership,
  ZTempAdminEmailParams,
  ZTempAdminValidity,
} from '../../../domain/contracts/board';
import { ALLOW } from '../../lib/access';
import { auditContextOf } from '../../lib/audit';
import { multipartImageForm, uploadedImageOf } from '../images/multipart-form';
import {
  createBoardMember,
  deleteBoardMember,
  listBoardCandidates,
  listBoardMembers,
  listLeadership,
  tempAdminValidity,
  updateBoardMember,
} from './board.service';

/** The spec's board form field that carries the picture. */
const IMAGE_FIELD = 'image';

/**
 * Board members (DESIGN §3c: temporary admins list them; global admins and super users add,
 * edit and remove) and the public Leadership page they feed.
 */
const boardRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/memberBoard',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags: ['board'],
        summary: 'Every board member, with the linked member and picture',
        response: { 200: ZBoardList },
      },
    },
    async () => listBoardMembers(app.ctx.db),
  );

  app.get(
    '/memberBoard/members',
    {
      config: { allow: ALLOW.admins },
      schema: {
        tags: ['board'],
        summary: 'The members the add screen can promote (first, last, FamilyPlanId, contact)',
        response: { 200: ZBoardCandidates },
      },
    },
    async () => ({ member: await listBoardCandidates(app.ctx.db) }),
  );

  app.post(
    '/memberBoard',
    {
      config: { allow: ALLOW.admins },
      ...multipartImageForm(IMAGE_FIELD),
      schema: {
        tags: ['board'],
        summary: 'Add a board member (multipart with an optional image, or JSON)',
        consumes: ['multipart/form-data', 'application/json'],
        body: ZBoardMemberForm,
        response: { 201: ZBoardSaved },
      },
    },
    async (request, reply) => {
      const member = await createBoardMember(
        app.ctx.db,
        auditContextOf(request),
        request.body,
        uploadedImageOf(request),
      );
      return reply.code(201).send({ message: BOARD_CREATED_MESSAGE, member });
    },
  );

  app.put(
    '/memberBoard/:id',
    {
      config: { allow: ALLOW.admins },
      ...multipartImageForm(IMAGE_FIELD),
      schema: {
        tags: ['board'],
        summary: 'Change a board member; a new image replaces the old one',
        consumes: ['multipart/form-data', 'application/json'],
        params: ZBoardIdParams,
        body: ZBoardMemberForm,
        response: { 200: ZBoardSaved },
      },
    },
    async (request) => {
      const member = await updateBoardMember(
        app.ctx.db,
        auditContextOf(request),
        request.params.id,
        request.body,
        uploadedImageOf(request),
      );
      return { message: BOARD_UPDATED_MESSAGE, member };
    },
  );

  app.delete(
    '/memberBoard/:id',
    {
      config: { allow: ALLOW.admins },
      schema: {
        tags: ['board'],
        summary: "Remove a board member (a Temp Admin's sign-in goes with it)",
        params: ZBoardIdParams,
        response: { 200: ZBoardDeleted },
      },
    },
    async (request) => {
      await deleteBoardMember(app.ctx.db, auditContextOf(request), request.params.id);
      return { message: BOARD_DELETED_MESSAGE };
    },
  );

  app.get(
    '/boardemailtempadmin/:email',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags: ['board'],
        summary: "A Temp Admin's validity window, looked up by e-mail",
        params: ZTempAdminEmailParams,
        response: { 200: ZTempAdminValidity },
      },
    },
    async (request) => tempAdminValidity(app.ctx.db, request.params.email),
  );

  app.get(
    '/leadership',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags: ['board'],
        summary: "The Leadership page's officers in order: name, role, photo, phone, e-mail",
        response: { 200: ZLeadership },
      },
    },
    async () => ({ officers: await listLeadership(app.ctx.db) }),
  );
};

export default boardRoutes;
