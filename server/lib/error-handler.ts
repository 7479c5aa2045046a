import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isInputRefusedByDatabase } from './database-errors';
import { AppError, type TErrorCode, type TFieldErrors } from './errors';

function send(
  reply: import('fastify').FastifyReply,
  status: number,
  code: TErrorCode,
  message: string,
  fields?: TFieldErrors,
) {
  return reply.code(status).send({ error: { code, message, ...(fields ? { fields } : {}) } });
}

/** Turns any thrown error into `{ error: { code, message, fields? } }`; 5xx details stay in the log. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.status, error.code, error.message, error.fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: TFieldErrors = {};
      for (const issue of error.validation) {
        // "/buyer/email" names the field "buyer.email"; a missing whole body names its part.
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const key = where || error.validationContext || 'request';
        fields[key] ??= issue.message ?? 'Not valid.';
      }
      return send(reply, 400, 'VALIDATION', 'Some fields are not valid.', fields);
    }
    const status = error.statusCode ?? 500;
    if (
      status === 413 ||
      error.code === 'FST_REQ_FILE_TOO_LARGE' ||
      error.code === 'FST_FILES_LIMIT'
    ) {
      return send(reply, 413, 'PAYLOAD_TOO_LARGE', 'The request is too large.');
    }
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted.');
    }
    if (status === 429)
      return send(reply, 429, 'RATE_LIMITED', 'Too many requests; please wait and try again.');
    if (status >= 400 && status < 500) {
      return send(
        reply,
        status,
        status === 404 ? 'NOT_FOUND' : 'VALIDATION',
        status === 404 ? 'Not found.' : 'The request is not valid.',
      );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('Retry-After', '5');
      return send(
        reply,
        503,
        'UNAVAILABLE',
        'The service is unavailable for a moment; please try again shortly.',
      );
    }
    // A safety net behind the shared field rules: input the database refuses is the request's fault.
    if (isInputRefusedByDatabase(error)) {
      request.log.warn({ err: error }, 'the database refused the input');
      return send(reply, 400, 'VALIDATION', 'The request is not valid.');
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, 'INTERNAL', 'Something went wrong on our side; please try again.');
  });
}
