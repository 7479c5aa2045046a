import { queryOptions } from '@tanstack/react-query';
import { ZEmailAvailability } from '../../../../domain/contracts/members';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/membercheckemail/:email`: may this e-mail join? (taken, or held by an open checkout) */
export const emailAvailabilityQuery = (email: string) =>
  queryOptions({
    queryKey: ['members', 'email-available', email.toLowerCase()],
    queryFn: async ({ signal }) =>
      ZEmailAvailability.parse(
        await apiFetch(`/membercheckemail/${encodeURIComponent(email)}`, { signal }),
      ),
    staleTime: 10_000,
  });
