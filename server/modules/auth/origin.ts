import type { FastifyRequest } from 'fastify';

/** Where a request came from: kept on a new session and in the audit log. */
export interface TRequestOrigin {
  ip: string;
  userAgent: string;
}

export function originOf(request: FastifyRequest): TRequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}
