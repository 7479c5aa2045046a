import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZReminderLinkRequest,
  ZReminderLinkView,
  ZReminderListQuery,
  ZReminderListResponse,
  ZReminderRunAnswer,
} from '../../../domain/contracts/reminders';
import { ALLOW } from '../../lib/access';
import { reminderLinkView } from './reminder-link.service';
import { sendDueReminders } from './reminder-scheduler';
import { listReminders } from './reminders-list.service';

const tags = ['reminders'];
const security = [{ bearer: [] }];

/** Renewal reminders (issue 15): the link's exchange for the renewal screen, and the staff view. */
const remindersRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/renewal-link',
    {
      // The token in the body is the credential: it shows this one renewal, and gives no session
      config: { allow: ALLOW.public },
      schema: {
        tags,
        summary:
          "What a renewal reminder's link renews: the member's plan, validity and dependents",
        body: ZReminderLinkRequest,
        response: { 200: ZReminderLinkView },
      },
    },
    async (request) =>
      reminderLinkView(
        app.ctx.db,
        request.body.token,
        app.ctx.clock.now(),
        app.ctx.config.timeZone,
      ),
  );

  app.get(
    '/renewal-reminders',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags,
        summary: 'Who was reminded to renew, when, which reminder, and who renewed since (a page)',
        security,
        querystring: ZReminderListQuery,
        response: { 200: ZReminderListResponse },
      },
    },
    async (request) => listReminders(app.ctx.db, request.query),
  );

  app.post(
    '/renewal-reminders/run',
    {
      config: { allow: ALLOW.admins },
      schema: {
        tags,
        summary: 'Send the renewal reminders due now (the timer does it too; each is sent once)',
        security,
        response: { 200: ZReminderRunAnswer },
      },
    },
    async () => {
      const run = await sendDueReminders({
        db: app.ctx.db,
        config: app.ctx.config,
        now: app.ctx.clock.now(),
      });
      if (run.sent.length > 0) app.ctx.kickMail();
      return { sent: run.sent.length };
    },
  );
};

export default remindersRoutes;
