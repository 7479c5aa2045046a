/**
 * One log line per request, written when the answer has gone: method, address (redacted, see
 * ./log-redaction.ts), client, status and time taken, under the request's id. Fastify's own
 * logging writes two lines per request (one on arrival, one on completion), which under load
 * cost the public event list a tenth of its CPU (issue 14) and said nothing the second line
 * could not.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function requestLog(app: FastifyInstance): Promise<void> {
  app.addHook('onResponse', (request, reply, done) => {
    reply.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}

export default fp(requestLog, { name: 'samaj-request-log' });
