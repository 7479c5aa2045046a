import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '../../../domain/contracts/fields';
import {
  ZMaxTicket,
  ZMaxTicketParams,
  ZNonMemberBuyer,
  ZPaymentHistoryItem,
  ZPaymentHistoryPage,
  ZPaymentHistoryQuery,
  ZTableCheckEmail,
  ZTableCheckEmailParams,
  ZTableCheckEmailQuery,
} from '../../../domain/contracts/payments';
import { ALLOW } from '../../lib/access';
import { addressClient, takeAnonymousHit } from '../../lib/anonymous-limits';
import { assertMemberAccess } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { currentEventId } from '../events/events.service';
import { allPayments, nonMemberBuyer, paymentHistoryPage } from './history.service';
import { maxTickets, tablesOfEmail } from './ticket-limits.service';

const ZBuyerParams = z.object({ id: ZId });

/** Payment history, the buyer look-up and the ticket limits the ticket screens ask for. */
const historyRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments: history'];

  app.get(
    '/nonmember/paymentmemberinformation',
    {
      config: { allow: ALLOW.memberOrStaff },
      schema: {
        tags,
        summary:
          "A page of payments in the caller's scope, or of one member (memberid); page is 1-based",
        querystring: ZPaymentHistoryQuery,
        response: { 200: ZPaymentHistoryPage },
      },
    },
    async (request) =>
      paymentHistoryPage(
        app.ctx.db,
        request.principal ?? null,
        request.query.page,
        request.query.page_size,
        request.query.memberid,
      ),
  );

  app.get(
    '/nonmember/paymentallmem',
    {
      config: { allow: ALLOW.memberOrStaff },
      schema: {
        tags,
        summary: "Every payment in the caller's scope",
        response: { 200: z.array(ZPaymentHistoryItem) },
      },
    },
    async (request) => allPayments(app.ctx.db, request.principal ?? null),
  );

  for (const url of [
    '/nonmember/maxticket/:id/:memberid',
    '/nonmember/maxticket/:id/:memberid/:date',
  ]) {
    app.get(
      url,
      {
        config: { allow: ALLOW.memberOrStaff },
        schema: {
          tags: ['tickets'],
          summary: 'How many member tickets the family may still buy for the event',
          params: ZMaxTicketParams,
          response: { 200: ZMaxTicket },
        },
      },
      async (request) => {
        const { id, memberid, date } = request.params;
        assertMemberAccess(request.principal ?? null, memberid);
        return maxTickets(
          app.ctx.db,
          { eventId: id, memberId: memberid, date },
          app.ctx.clock.now(),
        );
      },
    );
  }

  app.get(
    '/tablecheckemail/:email',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags: ['tickets'],
        summary:
          'Tables this e-mail has paid for at the event (default: the current event; 60 a minute per client)',
        params: ZTableCheckEmailParams,
        querystring: ZTableCheckEmailQuery,
        response: { 200: ZTableCheckEmail },
      },
    },
    async (request) => {
      // The same budget as the member e-mail check: both tell whether an e-mail is known
      await takeAnonymousHit(
        app.ctx.db,
        'email-lookup',
        { client: addressClient(request.ip) },
        app.ctx.clock.now(),
      );
      const eventId =
        request.query.eventid ??
        (await currentEventId(app.ctx.db, {
          now: app.ctx.clock.now(),
          timeZone: app.ctx.config.timeZone,
        }));
      if (eventId === null) throw notFound('current event');
      return tablesOfEmail(app.ctx.db, request.params.email, eventId);
    },
  );

  app.get(
    '/nonmember/:id',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags: ['payments: back office'],
        summary: 'A non-member buyer and their checkouts (staff)',
        params: ZBuyerParams,
        response: { 200: ZNonMemberBuyer },
      },
    },
    async (request) => nonMemberBuyer(app.ctx.db, request.params.id),
  );
};

export default historyRoutes;
