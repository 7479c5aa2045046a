import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EVENT_SAVED_MESSAGES,
  ZEventBuyers,
  ZEventCancel,
  ZEventCancelled,
  ZEventIdParams,
  ZEventInput,
  ZEventSaved,
  ZManagedEventPage,
  ZManagedEventQuery,
} from '../../../domain/contracts/events';
import { ALLOW } from '../../lib/access';
import { auditContextOf } from '../../lib/audit';
import { deleteImage } from '../images/image-store';
import { multipartImageForm, uploadedImageOf } from '../images/multipart-form';
import { offerFreedSeats } from '../waitlist/waitlist-offers';
import { cancelEvent } from './event-cancel.service';
import {
  createEvent,
  deleteEvent,
  eventBuyers,
  listManagedEvents,
  updateEvent,
} from './events-admin.service';

const ZDeleted = z.object({ message: z.string(), id: z.number().int() });

/**
 * The events administration (DESIGN §3c): temporary admins and admins create and edit; only
 * admins delete and cancel. Create and edit take JSON, or multipart with the image in `eventImage`.
 */
const eventsAdminRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const scope = () => ({ now: app.ctx.clock.now(), timeZone: app.ctx.config.timeZone });
  const imageForm = multipartImageForm('eventImage');
  const tags = ['events: admin'];

  app.get(
    '/eventadmin',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags,
        summary: 'Every event (cancelled ones too) with seats sold and held; searched by name',
        querystring: ZManagedEventQuery,
        response: { 200: ZManagedEventPage },
      },
    },
    async (request) => listManagedEvents(app.ctx.db, request.query, scope()),
  );

  app.post(
    '/event',
    {
      config: { allow: ALLOW.staff },
      ...imageForm,
      schema: {
        tags,
        summary: 'Create an event (JSON, or multipart with the image in eventImage)',
        consumes: ['application/json', 'multipart/form-data'],
        body: ZEventInput,
        response: { 201: ZEventSaved },
      },
    },
    async (request, reply) => {
      const event = await createEvent(
        app.ctx.db,
        auditContextOf(request),
        request.body,
        uploadedImageOf(request)?.id ?? null,
        scope(),
      );
      return reply.code(201).send({ message: EVENT_SAVED_MESSAGES.created, event });
    },
  );

  app.put(
    '/eventupdatedelete/:id',
    {
      config: { allow: ALLOW.staff },
      ...imageForm,
      schema: {
        tags,
        summary:
          'Replace an event; capacity may not drop below the seats sold or held (JSON or multipart)',
        consumes: ['application/json', 'multipart/form-data'],
        params: ZEventIdParams,
        body: ZEventInput,
        response: { 200: ZEventSaved },
      },
    },
    async (request) => {
      const { event, droppedImageId } = await updateEvent(
        app.ctx.db,
        auditContextOf(request),
        request.params.id,
        request.body,
        uploadedImageOf(request)?.id ?? null,
        scope(),
      );
      if (droppedImageId) await deleteImage(app.ctx.db, droppedImageId);
      // A capacity raised frees seats: the waiting list's next family is offered them now
      const { db, config, clock } = app.ctx;
      await offerFreedSeats({ db, config, now: clock.now(), log: request.log }, event.id);
      return { message: EVENT_SAVED_MESSAGES.updated, event };
    },
  );

  app.delete(
    '/eventupdatedelete/:id',
    {
      config: { allow: ALLOW.admins },
      schema: {
        tags,
        summary: 'Delete an event no payment was ever confirmed for (else 409: cancel it)',
        params: ZEventIdParams,
        response: { 200: ZDeleted },
      },
    },
    async (request) => {
      const { droppedImageId } = await deleteEvent(
        app.ctx.db,
        auditContextOf(request),
        request.params.id,
        scope(),
      );
      if (droppedImageId) await deleteImage(app.ctx.db, droppedImageId);
      return { message: EVENT_SAVED_MESSAGES.deleted, id: request.params.id };
    },
  );

  app.post(
    '/event/:id/cancel',
    {
      config: { allow: ALLOW.admins },
      schema: {
        tags,
        summary: 'Cancel an event: off sale, each buyer mailed once; answers who paid what',
        params: ZEventIdParams,
        body: ZEventCancel.optional(),
        response: { 200: ZEventCancelled },
      },
    },
    async (request) =>
      cancelEvent(
        app.ctx.db,
        auditContextOf(request),
        request.params.id,
        request.body?.note,
        app.ctx.config,
      ),
  );

  app.get(
    '/event/:id/buyers',
    {
      config: { allow: ALLOW.admins },
      schema: {
        tags,
        summary: 'Who paid what for an event (for refunds)',
        params: ZEventIdParams,
        response: { 200: ZEventBuyers },
      },
    },
    async (request) => eventBuyers(app.ctx.db, request.params.id, app.ctx.clock.now()),
  );
};

export default eventsAdminRoutes;
