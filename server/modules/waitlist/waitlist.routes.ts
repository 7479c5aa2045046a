import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZEventIdParams } from '../../../domain/contracts/events';
import {
  ZWaitlist,
  ZWaitlistChanged,
  ZWaitlistConfirmed,
  ZWaitlistEntryParams,
  ZWaitlistEntryUpdate,
  ZWaitlistJoin,
  ZWaitlistJoined,
  ZWaitlistOffer,
  ZWaitlistTokenParams,
} from '../../../domain/contracts/waitlist';
import { ALLOW } from '../../lib/access';
import { auditContextOf } from '../../lib/audit';
import {
  confirmWaitlistEntry,
  getWaitlistOffer,
  joinWaitlist,
  listWaitlist,
  removeWaitlistEntry,
  updateWaitlistEntry,
} from './waitlist.service';

/**
 * The waiting list (issue 9; DESIGN §3c): anyone joins, confirms by link and opens an offer;
 * temporary admins and admins see and edit each event's list.
 */
const waitlistRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const deps = (request: FastifyRequest) => ({
    db: app.ctx.db,
    config: app.ctx.config,
    now: app.ctx.clock.now(),
    audit: auditContextOf(request),
    log: request.log,
  });
  const tags = ['waiting list'];

  app.post(
    '/nonmember/iview',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags,
        summary:
          'Join the waiting list of a sold-out event with the seats a family needs; a link confirms the e-mail',
        body: ZWaitlistJoin,
        response: { 201: ZWaitlistJoined },
      },
    },
    async (request, reply) => {
      const answer = await joinWaitlist(deps(request), request.body, {
        principal: request.principal ?? null,
        address: request.ip,
      });
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/waitlist/confirm/:token',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags,
        summary: "Confirm a waiting-list entry's e-mail (the link's token)",
        params: ZWaitlistTokenParams,
        response: { 200: ZWaitlistConfirmed },
      },
    },
    async (request) => confirmWaitlistEntry(deps(request), request.params.token),
  );

  app.get(
    '/waitlist/offer/:token',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags,
        summary: 'An open offer: the event, the seats it holds until when, and the buyer',
        params: ZWaitlistTokenParams,
        response: { 200: ZWaitlistOffer },
      },
    },
    async (request) => getWaitlistOffer(app.ctx.db, request.params.token, app.ctx.clock.now()),
  );

  app.get(
    '/event/:id/waitlist',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags,
        summary: "An event's waiting list: open offers, then entries in line, then ended ones",
        params: ZEventIdParams,
        response: { 200: ZWaitlist },
      },
    },
    async (request) => listWaitlist(app.ctx.db, request.params.id),
  );

  app.put(
    '/waitlist/:id',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags,
        summary: 'Change the seats a waiting family needs',
        params: ZWaitlistEntryParams,
        body: ZWaitlistEntryUpdate,
        response: { 200: ZWaitlistChanged },
      },
    },
    async (request) => updateWaitlistEntry(deps(request), request.params.id, request.body.seats),
  );

  app.delete(
    '/waitlist/:id',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags,
        summary: 'Remove an entry from the waiting list (an open offer is withdrawn)',
        params: ZWaitlistEntryParams,
        response: { 200: ZWaitlistChanged },
      },
    },
    async (request) => removeWaitlistEntry(deps(request), request.params.id),
  );
};

export default waitlistRoutes;
