import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PASSWORD_CHANGED_MESSAGE,
  RESET_DONE_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZMessageResponse,
  ZResetPasswordRequest,
  ZResetTokenParams,
  ZSelfParams,
} from '../../../domain/contracts/auth';
import { ALLOW, type TAllow } from '../../lib/access';
import { requirePrincipal, type TPrincipal } from '../../lib/auth';
import { forbidden } from '../../lib/errors';
import { originOf } from './origin';
import { changeOwnPassword } from './password-change.service';
import {
  requestPasswordReset,
  resetPassword,
  type TAccountAudience,
} from './password-reset.service';

const tags = ['auth'];
const bearer = [{ bearer: [] }];

/** `:id` of a password change is `me` or the caller's own id; anyone else's is refused. */
function assertSelf(principal: TPrincipal, id: string): void {
  if (id !== 'me' && Number(id) !== principal.subjectId) {
    throw forbidden('You may only change your own password.');
  }
}

const passwordRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  const resetPaths: Array<[string, TAccountAudience]> = [
    ['/user/gshresetpass', 'admin'],
    ['/user/memresetpass', 'member'],
  ];
  for (const [path, audience] of resetPaths) {
    app.post(
      path,
      {
        config: { allow: ALLOW.public },
        schema: {
          tags,
          summary: `Forgotten password: e-mail a one-hour reset link (${audience} accounts)`,
          body: ZForgotPasswordRequest,
          response: { 202: ZMessageResponse },
        },
      },
      async (request, reply) => {
        await requestPasswordReset(app.ctx, audience, request.body.email, originOf(request));
        return reply.code(202).send({ message: RESET_REQUESTED_MESSAGE });
      },
    );

    app.post(
      `${path}/:id`,
      {
        config: { allow: ALLOW.public },
        schema: {
          tags,
          summary: `Set a new password with the e-mailed link's token (${audience} accounts)`,
          params: ZResetTokenParams,
          body: ZResetPasswordRequest,
          response: { 200: ZMessageResponse },
        },
      },
      async (request) => {
        await resetPassword(
          app.ctx,
          audience,
          request.params.id,
          request.body.password,
          originOf(request),
        );
        return { message: RESET_DONE_MESSAGE };
      },
    );
  }

  const changePaths: Array<[string, TAllow, string]> = [
    ['/user/passupdate/:id', ALLOW.staff, 'admin, super user or temporary admin'],
    ['/user/passupdatemem/:id', ALLOW.members, 'member'],
  ];
  for (const [path, allow, who] of changePaths) {
    app.post(
      path,
      {
        config: { allow },
        schema: {
          tags,
          summary: `Change the signed-in ${who}'s own password`,
          security: bearer,
          params: ZSelfParams,
          body: ZChangePasswordRequest,
          response: { 200: ZMessageResponse },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request);
        assertSelf(principal, request.params.id);
        await changeOwnPassword(app.ctx, principal, request.body, originOf(request));
        return { message: PASSWORD_CHANGED_MESSAGE };
      },
    );
  }
};

export default passwordRoutes;
