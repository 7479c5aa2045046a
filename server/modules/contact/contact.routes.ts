import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTACT_SENT_MESSAGE,
  ZContactRequest,
  ZContactResponse,
} from '../../../domain/contracts/contact';
import { ALLOW } from '../../lib/access';
import { sendContactMessage } from './contact.service';

const contactRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/contact',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the association (stored, then mailed to its address)',
        body: ZContactRequest,
        response: { 201: ZContactResponse },
      },
    },
    async (request, reply) => {
      const id = await sendContactMessage(app.ctx, request.body, request.ip);
      return reply.code(201).send({ id, message: CONTACT_SENT_MESSAGE });
    },
  );
};

export default contactRoutes;
