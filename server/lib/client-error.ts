import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TErrorCode } from './errors';

/**
 * Headers every answer carries even when Node refuses a request before Fastify sees it: a JSON
 * error body needs no script, style or frame, so the policy allows none.
 */
const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

const CLIENT_ERRORS: Record<string, { status: number; code: TErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'VALIDATION',
    message: 'The request headers are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'VALIDATION',
    message: 'The request took too long to arrive.',
  },
};
const MALFORMED = {
  status: 400,
  code: 'VALIDATION',
  message: 'The request is not valid HTTP.',
} as const;

/**
 * Answers what Node's HTTP parser refuses (oversized headers, malformed requests, timeouts) in
 * the app's `{ error: { code, message } }` shape with the security headers, then hangs up.
 * Fastify's own answer is a different JSON shape without them.
 */
export function answerClientError(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ error: { code: answer.code, message: answer.message } });
    const headers = {
      ...SECURITY_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n${lines.join('')}\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Answers what Fastify's router refuses before any hook runs (a malformed %-escape, a path
 * parameter over its length) in the same shape and with the same headers.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : 400;
  const message = tooLong ? 'The address is too long.' : 'The address is not valid.';
  void reply
    .code(status)
    .headers(SECURITY_HEADERS)
    .send({ error: { code: 'VALIDATION' satisfies TErrorCode, message } });
}
