import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZEvent,
  ZEventIdParams,
  ZEventList,
  type TEventListKind,
} from '../../../domain/contracts/events';
import { ALLOW } from '../../lib/access';
import { toCalendarDate } from '../../../domain/dates';
import { EventListCache } from './event-list-cache';
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

/**
 * Sends JSON text as it is: Fastify passes a string with a JSON content type through unchanged,
 * so the route's schema, written for the value, does not apply to it.
 */
function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * Today's date in a time zone, worked out at most once a second: every list read is keyed by it,
 * and formatting a date in a time zone costs more than the rest of a cached answer.
 */
function todayEverySecond(): (now: Date, timeZone: string) => string {
  let second = Number.NaN;
  let zone = '';
  let date = '';
  return (now, timeZone) => {
    const nowSecond = Math.floor(now.getTime() / 1000);
    if (nowSecond !== second || timeZone !== zone) {
      date = toCalendarDate(now, timeZone);
      second = nowSecond;
      zone = timeZone;
    }
    return date;
  };
}

/** Public event reads (DESIGN §3c: anyone). Creating and editing events lives with the events admin. */
const eventsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const scope = () => ({ now: app.ctx.clock.now(), timeZone: app.ctx.config.timeZone });
  const today = todayEverySecond();
  // Answered as JSON text from a cache of at most a second (./event-list-cache.ts); the schema
  // still checks each list once, when it is read from the database.
  const cache = new EventListCache();

  for (const list of LISTS) {
    app.get(
      list.url,
      {
        config: { allow: ALLOW.public },
        schema: { tags: ['events'], summary: list.summary, response: { 200: ZEventList } },
      },
      async (_request, reply) => {
        const { now, timeZone } = scope();
        const key = `${list.kind}:${today(now, timeZone)}`;
        const json = await cache.get(key, now, async () =>
          ZEventList.parse(await listEvents(app.ctx.db, list.kind, { now, timeZone })),
        );
        return sendJsonText(reply, json);
      },
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
    async (request, reply) => {
      const { now, timeZone } = scope();
      const id = request.params.id;
      const json = await cache.get(`event:${id}`, now, async () =>
        ZEvent.parse(await getEvent(app.ctx.db, id, { now, timeZone })),
      );
      return sendJsonText(reply, json);
    },
  );
};

export default eventsRoutes;
