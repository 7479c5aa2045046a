/**
 * GET /metrics in Prometheus text format (prom-client). Off unless METRICS_TOKEN is set; then it
 * answers only `Authorization: Bearer <METRICS_TOKEN>`. It lives outside /api: it is for the
 * monitoring system, not for people, so it has no session rule.
 *
 * Requests are counted as they are answered; checkouts and the mail outbox are counted from the
 * database at scrape time (the rows are the truth, and every instance reports the same numbers).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { count, sql } from 'drizzle-orm';
import { PAYMENT_STATUSES } from '../../domain/constants';
import { postgresPoolOf } from '../db/client';
import { mailOutbox, MAIL_STATUSES, payments } from '../db/schema';

const PATH = '/metrics';

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(a, b);
}

async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const { config, database } = app.ctx;
  const token = config.metricsToken;
  if (!token) return; // off: /metrics is the web app's 404 like any unknown address

  const registry = new Registry();
  registry.setDefaultLabels({ app: 'samaj' });
  // process CPU, memory, handles, and nodejs_eventloop_lag_seconds
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'samaj_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'samaj_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // the pattern (/api/members/:id), never the address itself: ids must not become labels
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const up = new Gauge({
    name: 'samaj_database_up',
    help: '1 when the last scrape could read the database, 0 otherwise',
    registers: [registry],
  });
  const checkouts = new Gauge({
    name: 'samaj_checkouts',
    help: 'Checkouts ever started, by status (pending, payment done, expired, failed, cancelled, refunded); their sum is every checkout started',
    labelNames: ['status'],
    registers: [registry],
  });
  const outbox = new Gauge({
    name: 'samaj_mail_outbox',
    help: 'Mails in the outbox by status (pending and sending make its depth; failed gave up)',
    labelNames: ['status'],
    registers: [registry],
  });
  const retrying = new Gauge({
    name: 'samaj_mail_outbox_retrying',
    help: 'Mails not yet sent whose earlier attempts failed',
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'samaj_mail_outbox_oldest_pending_seconds',
    help: 'Age of the oldest mail not yet sent (0 when none waits)',
    registers: [registry],
  });
  const pool = new Gauge({
    name: 'samaj_database_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients); PGlite has one connection',
    labelNames: ['state'],
    registers: [registry],
  });

  async function readDatabase(): Promise<void> {
    const byStatus = await database.db
      .select({ status: payments.status, n: count() })
      .from(payments)
      .groupBy(payments.status);
    for (const status of PAYMENT_STATUSES) {
      checkouts.set({ status }, byStatus.find((row) => row.status === status)?.n ?? 0);
    }
    const mails = await database.db
      .select({
        status: mailOutbox.status,
        n: count(),
        retrying: sql<number>`count(*) filter (where ${mailOutbox.attempts} > 0)::int`,
        oldest: sql<string | null>`min(${mailOutbox.createdAt})`,
      })
      .from(mailOutbox)
      .groupBy(mailOutbox.status);
    for (const status of MAIL_STATUSES) {
      outbox.set({ status }, mails.find((row) => row.status === status)?.n ?? 0);
    }
    const waiting = mails.filter((row) => row.status === 'pending' || row.status === 'sending');
    retrying.set(waiting.reduce((sum, row) => sum + Number(row.retrying), 0));
    const times = waiting.map((row) => row.oldest).filter((at): at is string => at !== null);
    const first = times.length ? Math.min(...times.map((at) => new Date(at).getTime())) : null;
    oldest.set(first === null ? 0 : Math.max(0, (app.ctx.clock.now().getTime() - first) / 1000));
  }

  function readPool(): void {
    if (database.kind === 'pglite') {
      pool.set({ state: 'total' }, 1);
      return;
    }
    const client = postgresPoolOf(database);
    pool.set({ state: 'total' }, client.totalCount);
    pool.set({ state: 'idle' }, client.idleCount);
    pool.set({ state: 'waiting' }, client.waitingCount);
  }

  app.get(PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({
          error: { code: 'UNAUTHORIZED', message: 'The metrics token is missing or wrong.' },
        });
    }
    try {
      await readDatabase();
      up.set(1);
    } catch (err) {
      request.log.error({ err }, 'metrics: cannot read the database');
      up.set(0);
    }
    readPool();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'samaj-metrics' });
