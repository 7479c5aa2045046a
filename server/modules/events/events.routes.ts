import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZEvent,
  ZEventIdParams,
  ZEventList,
  type TEventListKind,
} from '../../../domain/contracts/events';
import { ALLOW } from '../../lib/access';
import { getEvent, listEvents } from './events.service';

const LISTS: ReadonlyArray<{ url: string; kind: TEventListKind; summary: string }> = [
  { url: '/event', kind: 'all', summary: 'Every scheduled event, earliest first, with seats left' },
  {
    url: '/currentevent',
    kind: 'current',
    summary: 'Events dated today (TIME_ZONE), earliest first',
  },
  { url: '/upcomingevent', kind: 'upcoming', summary: 'Events after today, earliest first' },
  { url: '/currentupcomingevent', kind: 'currentUpcoming', summary: 'Events today and later' },
  { url: '/pastevent', kind: 'past', summary: 'Events before today, latest first' },
];

/** Public event reads (DESIGN §3c: anyone). Creating and editing events lives with the events admin. */
const eventsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const scope = () => ({ now: app.ctx.clock.now(), timeZone: app.ctx.config.timeZone });

  for (const list of LISTS) {
    app.get(
      list.url,
      {
        config: { allow: ALLOW.public },
        schema: { tags: ['events'], summary: list.summary, response: { 200: ZEventList } },
      },
      async () => listEvents(app.ctx.db, list.kind, scope()),
    );
  }

  app.get(
    '/event/:id',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags: ['events'],
        summary: 'One event with its seats left',
        params: ZEventIdParams,
        response: { 200: ZEvent },
      },
    },
    async (request) => getEvent(app.ctx.db, request.params.id, scope()),
  );
};

export default eventsRoutes;
