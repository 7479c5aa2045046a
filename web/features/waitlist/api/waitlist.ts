import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZWaitlist,
  ZWaitlistChanged,
  ZWaitlistConfirmed,
  ZWaitlistJoined,
  ZWaitlistOffer,
  type TWaitlistJoin,
} from '../../../../domain/contracts/waitlist';
import { apiFetch } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/get-events';

const waitlistKeys = {
  offer: (token: string) => ['waitlist', 'offer', token] as const,
  confirm: (token: string) => ['waitlist', 'confirm', token] as const,
  event: (id: number) => [...eventKeys.all, 'manage', 'waitlist', id] as const,
};

/** `POST /api/nonmember/iview`: join a sold-out event's waiting list (a link confirms it). */
export function useJoinWaitlist() {
  return useMutation({
    mutationFn: async (body: TWaitlistJoin) =>
      ZWaitlistJoined.parse(await apiFetch('/nonmember/iview', { method: 'POST', body })),
  });
}

/**
 * `POST /api/waitlist/confirm/:token`, once when the link's page opens. It is a query, not a
 * mutation: confirming again answers the same, and a remount must not count as a new request.
 */
export function useConfirmWaitlist(token: string) {
  return useQuery({
    queryKey: waitlistKeys.confirm(token),
    queryFn: async ({ signal }) =>
      ZWaitlistConfirmed.parse(
        await apiFetch(`/waitlist/confirm/${encodeURIComponent(token)}`, {
          method: 'POST',
          signal,
        }),
      ),
    retry: false,
    staleTime: Infinity,
  });
}

/** `GET /api/waitlist/offer/:token`: the offer an e-mailed link opens, buyer filled in. */
export function useWaitlistOffer(token: string | null) {
  return useQuery({
    queryKey: waitlistKeys.offer(token ?? ''),
    queryFn: async ({ signal }) =>
      ZWaitlistOffer.parse(
        await apiFetch(`/waitlist/offer/${encodeURIComponent(token ?? '')}`, { signal }),
      ),
    enabled: Boolean(token),
    retry: false,
  });
}

/** `GET /api/event/:id/waitlist` (staff). */
export function useEventWaitlist(eventId: number) {
  return useQuery({
    queryKey: waitlistKeys.event(eventId),
    queryFn: async ({ signal }) =>
      ZWaitlist.parse(await apiFetch(`/event/${eventId}/waitlist`, { session: 'admin', signal })),
  });
}

/** Staff edits: `PUT /api/waitlist/:id` (seats) and `DELETE /api/waitlist/:id`. */
export function useChangeWaitlistEntry(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { id: number; seats?: number }) =>
      ZWaitlistChanged.parse(
        await apiFetch(`/waitlist/${change.id}`, {
          method: change.seats === undefined ? 'DELETE' : 'PUT',
          body: change.seats === undefined ? undefined : { seats: change.seats },
          session: 'admin',
        }),
      ),
    // The list, and the seats held by offers on every event screen
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: waitlistKeys.event(eventId) }),
        queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      ]),
  });
}
