import { queryOptions } from '@tanstack/react-query';
import { ZZipCheckResponse, type TZipCheckRequest } from '../../../../domain/contracts/geo';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/ajax/validate_zipcode/`: is this 5-digit zip in the state? Cached per pair. */
export const zipCheckQuery = (request: { zipcode: string; state: string }) =>
  queryOptions({
    queryKey: ['geo', 'zip', request.state, request.zipcode],
    queryFn: async ({ signal }) =>
      ZZipCheckResponse.parse(
        await apiFetch('/ajax/validate_zipcode/', {
          method: 'POST',
          body: request satisfies TZipCheckRequest,
          signal,
        }),
      ),
    staleTime: Infinity,
  });
