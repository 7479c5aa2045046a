import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_ID_PATTERN, IMAGE_SIZES } from '../../../domain/images';
import { ALLOW } from '../../lib/access';
import { notFound } from '../../lib/errors';
import { readImage } from './image-store';

const ZImageParams = z.object({
  id: z.string().regex(IMAGE_ID_PATTERN),
  size: z.enum(IMAGE_SIZES),
});

/** `GET /api/images/:id/:size`: anyone may see an image; its bytes never change (DESIGN §3d). */
const imagesRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/images/:id/:size',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags: ['images'],
        summary: 'An uploaded image in one of its sizes (thumb 160x160, card 800, full 1600 wide)',
        params: ZImageParams,
        produces: ['image/webp'],
      },
    },
    async (request, reply) => {
      const image = await readImage(app.ctx.db, request.params.id, request.params.size);
      if (!image) throw notFound('image');
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .type(image.mimeType)
        .send(image.bytes);
    },
  );
};

export default imagesRoutes;
