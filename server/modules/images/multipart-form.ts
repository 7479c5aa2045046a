/**
 * The one multipart reader (DESIGN §3d). Registered on a route that declares a JSON body, it turns
 * the form's text fields into `request.body` (so one zod schema checks both forms) and takes at
 * most one image file, in the field the route names, through the image store. The route reads the
 * stored image with `uploadedImageOf(request)`; if the route then answers with an error, the
 * image is removed again, so a refused form leaves nothing behind.
 *
 *   app.post('/things', { ...multipartImageForm('image'), schema: { body: ZThing } }, handler)
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '../../../domain/images';
import { AppError } from '../../lib/errors';
import { deleteImage, imageTooLarge, storeImage, type TStoredImage } from './image-store';

const uploads = new WeakMap<FastifyRequest, TStoredImage>();

export function fileRefused(message: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', message);
}

const ONE_IMAGE_MESSAGE = 'Only one image can be uploaded with this form.';

function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Reads a multipart request: text fields become the body; a file part in `imageField` is stored,
 * any other non-empty file part is refused with `refusal`. No-op for JSON requests.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { imageField?: string; refusal: string },
): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const content = await part.toBuffer();
      // A form with an empty file input still sends an empty part: that is no image
      if (content.length === 0) continue;
      if (part.fieldname !== options.imageField) throw fileRefused(options.refusal);
      if (image) throw fileRefused(ONE_IMAGE_MESSAGE);
      image = content;
    }
  } catch (error) {
    if (isFileTooLarge(error)) throw imageTooLarge();
    throw error;
  }
  request.body = fields;
  if (image) uploads.set(request, await storeImage(request.server.ctx.db, image));
}

/** The image the form carried, already stored; null when it had none. */
export function uploadedImageOf(request: FastifyRequest): TStoredImage | null {
  return uploads.get(request) ?? null;
}

/** Hooks for a route whose form may carry one image in `imageField`. */
export function multipartImageForm(imageField: string) {
  return {
    preValidation: (request: FastifyRequest) =>
      readMultipartForm(request, {
        imageField,
        refusal: `Only an image in the field ${imageField} can be uploaded here.`,
      }),
    // Before the answer leaves, so a caller who reads the refusal finds nothing stored
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const stored = uploads.get(request);
      if (stored && reply.statusCode >= 400) {
        uploads.delete(request);
        await deleteImage(request.server.ctx.db, stored.id);
      }
      return payload;
    },
  };
}
