import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TConfig, TTrustProxy } from './config';
import type { TDatabase } from './db/client';
import type { TClock } from './lib/clock';
import type { TAppContext } from './lib/context';
import authPlugin from './lib/auth-plugin';
import { answerClientError, answerFrameworkError } from './lib/client-error';
import { installErrorHandling } from './lib/error-handler';
import { responseSerializer } from './lib/response-serializer';
import { serializeRequest } from './lib/log-redaction';
import requestLog from './lib/request-log';
import securityHeaders from './lib/security-headers';
import { apiModules } from './modules';
import { createMailTransport } from './modules/mail/mail-transport';
import { startOutboxWorker } from './modules/mail/outbox-worker';
import { eventLoopBusyProbe, othersWaiting } from './lib/busy-probe';
import { countRequestsInFlight } from './lib/requests-in-flight';
import { startPgliteVacuum } from './db/pglite-vacuum';
import { startExpirySweeper } from './modules/payments/expiry-sweeper';
import { startWaitlistOffers } from './modules/waitlist/waitlist-offers';
import { startRenewalReminders } from './modules/reminders/reminder-scheduler';
import metrics from './ops/metrics';
import { gatheredLog } from './lib/log-destination';

export interface TBuildOptions {
  config: TConfig;
  database: TDatabase;
  clock: TClock;
  /** Where the built web app lives; the API runs without it. */
  webDir?: string;
  logger?: boolean;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: { write(line: string): void };
  /** Run the background mail worker (the server does; tests process the outbox themselves). */
  workers?: boolean;
}

export type TApp = FastifyInstance;

/**
 * Connections the kernel queues for the server to accept (capped by net.core.somaxconn). Node's
 * 511 overflowed when 1,000 buyers came at once: the kernel dropped the rest, and each of them
 * waited a second or three for their connection to be tried again while the server sat idle.
 */
export const LISTEN_BACKLOG = 4096;

const MAIL_POLL_MS = 5_000;
/** The longest the mail outbox waits for the server to be less busy before sending anyway. */
const MAIL_MAX_YIELD_MS = 30_000;
const JSON_BODY_LIMIT = 1024 * 1024;
const UPLOAD_FILE_LIMIT = 10 * 1024 * 1024;

type TCompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * zod validates and serialises every route. Given as the factories, Fastify does not load its
 * default compilers (ajv and fast-json-stringify, a fifth of the start's CPU) only to have them
 * replaced; Fastify types the factories after ajv's, hence the cast.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => responseSerializer,
} as unknown as TCompilersFactory;

/** Builds the whole server without listening (tests use `app.inject`). */
export async function buildApp(options: TBuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : gatheredLog()),
            serializers: { req: serializeRequest },
          },
    // ./lib/request-log.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();

  const ctx: TAppContext = {
    config,
    database: options.database,
    db: options.database.db,
    clock: options.clock,
    kickMail: () => undefined,
  };
  app.decorate('ctx', ctx);
  if (options.workers) {
    startMailWorker(app, ctx);
    const stopSweeper = startExpirySweeper(ctx.db, ctx.clock, app.log);
    app.addHook('onClose', async () => stopSweeper());
    const stopOffers = startWaitlistOffers(ctx.db, ctx.config, ctx.clock, app.log);
    app.addHook('onClose', async () => stopOffers());
    const stopReminders = startRenewalReminders(ctx.db, ctx.config, ctx.clock, app.log, () =>
      ctx.kickMail(),
    );
    app.addHook('onClose', async () => stopReminders());
    const stopVacuum = startPgliteVacuum(ctx.database, {
      isBusy: eventLoopBusyProbe(),
      log: app.log,
    });
    app.addHook('onClose', stopVacuum);
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  installErrorHandling(app);
  requireAccessRules(app);
  // The API speaks JSON (and forms where a route says so): a text/plain body is answered 415
  // like any other unknown type, not handed to a JSON route as a string.
  app.removeContentTypeParser('text/plain');
  await app.register(requestLog);

  // Over plain HTTP (e.g. http://<server-ip>:3000) `upgrade-insecure-requests` would rewrite
  // every asset to https and leave the page blank, and HSTS would lock the browser out.
  const https = config.publicUrl.startsWith('https://');
  await app.register(securityHeaders, {
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        upgradeInsecureRequests: https ? [] : null,
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https://www.openstreetmap.org'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
  });
  await app.register(multipart, { limits: { fileSize: UPLOAD_FILE_LIMIT, files: 3 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Samaj API',
        description: 'The API of the Samaj association app.',
        version: config.version,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The docs UI needs inline scripts; this looser policy applies under /api/docs only.
    staticCSP: true,
    transformStaticCSP: () =>
      "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
  });

  await app.register(authPlugin);
  await app.register(metrics); // GET /metrics, outside /api, when METRICS_TOKEN is set
  for (const module of apiModules) await app.register(module, { prefix: '/api' });

  if (options.webDir) await serveWebApp(app, options.webDir);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api') || !options.webDir || request.method !== 'GET') {
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'No such address.' } });
    }
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}

/**
 * Fastify 5 ignores a bare hop count (it cannot tell a proxy from a direct client), so the count
 * becomes the rule itself: the peer and the next `hops - 1` addresses are proxies, the address
 * before them is the client's. Safe only when the server is reachable through the proxies alone.
 */
function trustProxyOption(
  trust: TTrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

function startMailWorker(app: FastifyInstance, ctx: TAppContext): void {
  const transport = createMailTransport(ctx.config);
  const threadBusy = eventLoopBusyProbe();
  const requestsInFlight = countRequestsInFlight(app.server);
  const worker = startOutboxWorker(ctx, transport, {
    intervalMs: MAIL_POLL_MS,
    log: app.log,
    // A receipt's PDF takes the thread for milliseconds; in a rush, buyers come first, also
    // while their requests wait for the database and the thread looks idle
    yieldWhileBusy: {
      isBusy: () => {
        const loopBusy = threadBusy();
        return loopBusy || requestsInFlight() > 0;
      },
      pollMs: 200,
      maxWaitMs: MAIL_MAX_YIELD_MS,
      // Requests being answered, or connections and requests the loop is taking in
      othersWaiting: async () => requestsInFlight() > 0 || (await othersWaiting()),
    },
  });
  ctx.kickMail = () => worker.kick();
  app.addHook('onClose', async () => {
    await worker.stop();
    transport.close();
  });
}

/** A route under /api without `config.allow` is a mistake that must fail at start, not leak data. */
function requireAccessRules(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (isApi && route.config?.allow === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.allow).`);
    }
  });
}

async function serveWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  if (!fs.existsSync(path.join(webDir, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    // Hashed asset names change with their content; everything else must be revalidated.
    setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
