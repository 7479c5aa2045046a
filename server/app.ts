import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TConfig } from './config';
import type { TDatabase } from './db/client';
import type { TClock } from './lib/clock';
import type { TAppContext } from './lib/context';
import authPlugin from './lib/auth-plugin';
import { installErrorHandling } from './lib/error-handler';
import { apiModules } from './modules';
import { createMailTransport } from './modules/mail/mail-transport';
import { startOutboxWorker } from './modules/mail/outbox-worker';
import { startExpirySweeper } from './modules/payments/expiry-sweeper';

export interface TBuildOptions {
  config: TConfig;
  database: TDatabase;
  clock: TClock;
  /** Where the built web app lives; the API runs without it. */
  webDir?: string;
  logger?: boolean;
  /** Run the background mail worker (the server does; tests process the outbox themselves). */
  workers?: boolean;
}

export type TApp = FastifyInstance;

const MAIL_POLL_MS = 5_000;
const JSON_BODY_LIMIT = 1024 * 1024;
const UPLOAD_FILE_LIMIT = 10 * 1024 * 1024;

/** Builds the whole server without listening (tests use `app.inject`). */
export async function buildApp(options: TBuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
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
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  requireAccessRules(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
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

function startMailWorker(app: FastifyInstance, ctx: TAppContext): void {
  const transport = createMailTransport(ctx.config);
  const worker = startOutboxWorker(ctx, transport, { intervalMs: MAIL_POLL_MS, log: app.log });
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
