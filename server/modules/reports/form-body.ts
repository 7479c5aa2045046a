import type { FastifyInstance } from 'fastify';

/**
 * The report forms arrive as application/x-www-form-urlencoded, multipart/form-data or JSON
 * (spec 01 §7 "form data"). For the routes of the plugin this is called in, both form encodings
 * become a plain object of text fields before validation; uploaded files are drained and ignored.
 */
export function acceptFormBodies(instance: FastifyInstance): void {
  if (!instance.hasContentTypeParser('application/x-www-form-urlencoded')) {
    instance.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  }
  instance.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else part.file.resume();
    }
    request.body = fields;
  });
}
