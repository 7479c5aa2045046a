/** The address helpers every form uses: the state list and the zip-in-state check (public). */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZStateList, ZZipCheckRequest, ZZipCheckResponse } from '../../../domain/contracts/geo';
import { US_STATES } from '../../../domain/us-states';
import { checkZipInState } from '../../../domain/zip-prefixes';
import { ALLOW } from '../../lib/access';

const geoRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/stateList',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags: ['geo'],
        summary: 'The 50 states and DC as { value, label } for the state dropdowns',
        response: { 200: ZStateList },
      },
    },
    async () => [...US_STATES],
  );

  app.post(
    '/ajax/validate_zipcode/',
    {
      config: { allow: ALLOW.public },
      schema: {
        tags: ['geo'],
        summary: "Is a 5-digit zip code in the state? Checked against the state's ZIP prefixes",
        body: ZZipCheckRequest,
        response: { 200: ZZipCheckResponse },
      },
    },
    async (request) => checkZipInState(request.body.zipcode, request.body.state),
  );
};

export default geoRoutes;
