/**
 * Lets a route that declares a JSON body also take the same fields as multipart/form-data (the
 * spec's member edit form sends multipart). Registered as the route's `preValidation`, it turns
 * the text fields into `request.body`, so one zod schema checks both forms.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

export const IMAGE_NOT_ACCEPTED_MESSAGE =
  'A profile image cannot be uploaded here yet; save the details without one.';

export async function multipartFieldsAsBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, string> = {};
  let refusedFile = false;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    // A form with an empty file input still sends a nameless, empty part: that is no image
    const content = await part.toBuffer();
    if (part.filename || content.length > 0) refusedFile = true;
  }
  if (refusedFile) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_NOT_ACCEPTED_MESSAGE);
  request.body = fields;
}
