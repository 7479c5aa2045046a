import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAIL_FILE_COUNT_MESSAGE,
  MAIL_FILE_SIZE_MESSAGE,
  MAIL_LIMITS,
  MAIL_SENT_MESSAGE,
  ZMailSuggestions,
  ZMailSuggestQuery,
  ZMemMailRequest,
  ZMemMailSent,
} from '../../../domain/contracts/mail';
import { ALLOW } from '../../lib/access';
import { auditContextOf } from '../../lib/audit';
import { AppError, invalid } from '../../lib/errors';
import { sendMemberMail, suggestMemberEmails } from './memmail.service';
import type { TMailAttachmentInput } from './outbox';

const attachmentsOf = new WeakMap<FastifyRequest, TMailAttachmentInput[]>();

const fileTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', MAIL_FILE_SIZE_MESSAGE, {
    fields: { files: MAIL_FILE_SIZE_MESSAGE },
  });
const tooManyFiles = () => invalid(MAIL_FILE_COUNT_MESSAGE, { files: MAIL_FILE_COUNT_MESSAGE });

/**
 * Reads the multipart mail (spec 02 §3): text fields become the body, every file part is an
 * attachment. A fourth file or one over 10 MB refuses the whole mail before anything is queued.
 */
async function readMailForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, string> = {};
  const files: TMailAttachmentInput[] = [];
  try {
    const parts = request.parts({
      // One more than allowed, so the fourth file is seen and refused with the spec's words
      limits: { files: MAIL_LIMITS.files + 1, fileSize: MAIL_LIMITS.fileBytes },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (files.length === MAIL_LIMITS.files) throw tooManyFiles();
      const content = await part.toBuffer();
      files.push({
        filename: part.filename || `attachment-${files.length + 1}`,
        contentType: part.mimetype || 'application/octet-stream',
        content,
      });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if (code === 'FST_FILES_LIMIT') throw tooManyFiles();
    throw error;
  }
  request.body = fields;
  attachmentsOf.set(request, files);
}

const memmailRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/memmail',
    {
      config: { allow: ALLOW.staff },
      preValidation: readMailForm,
      schema: {
        tags: ['mail'],
        summary:
          'Mail members (multipart: compose_to, compose_cc, compose_bcc, editor_subject, editor_value, up to 3 files of 10 MB): one outbox row, attachments stored once',
        body: ZMemMailRequest,
        response: { 201: ZMemMailSent },
      },
    },
    async (request, reply) => {
      const result = await sendMemberMail(
        app.ctx.db,
        auditContextOf(request),
        request.body,
        attachmentsOf.get(request) ?? [],
      );
      app.ctx.kickMail();
      return reply.code(201).send({ ...result, message: MAIL_SENT_MESSAGE });
    },
  );

  app.get(
    '/memmail/suggestions',
    {
      config: { allow: ALLOW.staff },
      schema: {
        tags: ['mail'],
        summary: 'Up to 10 member e-mails containing what was typed in To, Cc or Bcc',
        querystring: ZMailSuggestQuery,
        response: { 200: ZMailSuggestions },
      },
    },
    async (request) => ({ emails: await suggestMemberEmails(app.ctx.db, request.query.q) }),
  );
};

export default memmailRoutes;
