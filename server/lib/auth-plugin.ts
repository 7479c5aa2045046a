/**
 * Authentication and the route rule, for every route of the app (DESIGN §3, §3c). Before a body
 * is even read, the bearer token becomes `request.principal` and the route's `config.allow` is
 * enforced: 'public' admits anyone, otherwise no caller is 401 and a caller of another role 403.
 * A route may also name the path parameter holding a member id (`config.memberParam`): a member
 * may then only reach their own; and it may offer a second way in (`config.allowIf`, e.g. a
 * signed download link). The plugin keeps the live table of rules, which the route-access test
 * walks.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TEMP_ADMIN_NOT_VALID_MESSAGE } from '../../domain/contracts/auth';
import { resolveSession } from '../modules/auth/sessions';
import type { TAllow } from './access';
import { assertMemberAccess } from './auth';
import { forbidden, unauthenticated } from './errors';

export interface TRouteAccess {
  method: string;
  url: string;
  allow: TAllow;
  memberParam?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The path parameter that holds a member id (e.g. 'id' of `/memberupdate/:id`): a member
     * caller is then refused (403) unless it is their own; staff pass. Body-borne ids are the
     * service's to check, with `assertMemberAccess`.
     */
    memberParam?: string;
    /**
     * Another way in for a caller the rule refuses, decided before the handler runs: e.g. a
     * signed single-use download link opened in a new tab, where no bearer header travels
     * (DESIGN §3d). True lets the request through with `request.principal` as resolved.
     */
    allowIf?: (request: FastifyRequest) => Promise<boolean>;
  }
  interface FastifyInstance {
    /** Every route with an access rule, as registered (HEAD twins left out). */
    routeAccess: readonly TRouteAccess[];
  }
}

const REFUSAL_MESSAGES = {
  'no-session': 'Your session has ended. Please sign in again.',
  inactive: 'This account can no longer sign in.',
  'temp-admin-not-valid': TEMP_ADMIN_NOT_VALID_MESSAGE,
} as const;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header) : null;
  return match ? match[1] : null;
}

/** Resolves the caller's session and enforces the route's rule, or throws 401 / 403. */
async function checkAccess(
  app: FastifyInstance,
  request: FastifyRequest,
  allow: TAllow,
  token: string | null,
): Promise<void> {
  let refusal: keyof typeof REFUSAL_MESSAGES | undefined;
  if (token) {
    const resolution = await resolveSession(app.ctx, token);
    if (resolution.principal) request.principal = resolution.principal;
    else refusal = resolution.refusal;
  }
  if (allow === 'public') return;
  const principal = request.principal;
  if (!principal || !allow.includes(principal.role)) {
    const allowIf = request.routeOptions.config?.allowIf;
    if (allowIf && (await allowIf(request))) return;
    if (!principal) throw unauthenticated(refusal ? REFUSAL_MESSAGES[refusal] : 'Please sign in.');
    throw forbidden();
  }
  const memberParam = request.routeOptions.config?.memberParam;
  if (memberParam) {
    const memberId = Number((request.params as Record<string, string | undefined>)[memberParam]);
    assertMemberAccess(principal, memberId);
  }
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  const routeAccess: TRouteAccess[] = [];
  app.decorate('routeAccess', routeAccess);
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    const allow = route.config?.allow;
    if (allow === undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const memberParam = route.config?.memberParam;
    for (const method of methods) {
      if (method !== 'HEAD') routeAccess.push({ method, url: route.url, allow, memberParam });
    }
  });

  // A public route called without a token (every visitor of the event list) is let through at
  // once, without a promise per request; the rest is checked by `checkAccess`.
  app.addHook('onRequest', (request, _reply, done) => {
    const allow = request.routeOptions.config?.allow;
    if (allow === undefined) return done();
    const token = bearerToken(request);
    if (!token && allow === 'public') return done();
    checkAccess(app, request, allow, token).then(() => done(), done);
  });

  // API answers are one caller's data of the moment (a session token, a member's record); no
  // browser or proxy cache may keep them. A route that means otherwise sets its own header.
  app.addHook('onSend', (request, reply, _payload, done) => {
    const isApi = request.routeOptions.config?.allow !== undefined;
    if (isApi && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done();
  });
}

/** Registered on the root before the modules, so its hooks see every route. */
export default fp(authPlugin, { name: 'samaj-auth' });
