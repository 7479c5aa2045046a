import type { FastifyRequest } from 'fastify';
import { auditContextOf, type TAuditActor } from '../../lib/audit';
import { languageOfRequest } from '../../lib/language';
import type { TPaymentDeps } from './confirm.service';
import type { TPaymentProvider } from './providers/types';

/** What a payment service needs from the request: the caller, the log, who the audit names. */
export function paymentDeps(
  request: FastifyRequest,
  provider: TPaymentProvider,
  actor?: TAuditActor,
): TPaymentDeps {
  return {
    app: request.server.ctx,
    log: request.log,
    provider,
    audit: auditContextOf(request, actor),
    // Null until the auth plugin has run (or for an anonymous caller)
    principal: request.principal ?? null,
    address: request.ip,
    language: languageOfRequest(request.headers['accept-language']),
  };
}
