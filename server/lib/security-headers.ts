/**
 * The security headers of every answer (helmet's), worked out once at start.
 *
 * `@fastify/helmet` builds helmet's middleware again on every request, parsing the
 * Content-Security-Policy directives each time: a sixth of the public event list's CPU under
 * load (issue 14). The policy is the same for every answer, so this asks helmet once, keeps the
 * headers it sets and copies them onto each reply. Routes that need another policy (the API docs)
 * set their own header later, in `onSend`, which wins.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet would set with these options, as lower-case name → value. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as never, recorder, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

async function securityHeaders(app: FastifyInstance, options: HelmetOptions): Promise<void> {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export default fp(securityHeaders, { name: 'samaj-security-headers' });
