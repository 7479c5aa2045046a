/**
 * The request log's view of a request, without the secrets some addresses carry: the token of an
 * e-mailed reset link (`/api/user/memresetpass/<token>`) and a single-use download link
 * (`?link=`). Either one in a log file would let its reader act as the account or open the file.
 */
import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';
const SECRET_PATH = /^(\/api\/user\/(?:mem|gsh)resetpass\/)[^/?#]+/;
const SECRET_QUERY = /([?&](?:link|token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** Fastify's own request serializer with the address redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
