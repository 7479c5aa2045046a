import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZPayQuote, type TPayQuoteRequest } from '../../../../domain/contracts/events';
import { apiFetch } from '../../../lib/api-client';
import { eventKeys } from './get-events';

/**
 * `POST /api/nonmember/paydata`: the amount checkout would charge for these tickets or this table
 * now, priced by the server; nothing is held. Under the event's key, so it refreshes with it.
 */
export function usePayQuote(request: TPayQuoteRequest, enabled = true) {
  return useQuery({
    queryKey: [...eventKeys.detail(Number(request.eventid)), 'paydata', request],
    queryFn: async ({ signal }) =>
      ZPayQuote.parse(await apiFetch('/nonmember/paydata', { body: request, signal })),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
