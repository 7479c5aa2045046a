import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZEventBuyers,
  ZEventCancelled,
  ZEventRefunds,
  ZEventSaved,
  ZManagedEventPage,
  type TEventInput,
  type TManagedEventQuery,
} from '../../../../domain/contracts/events';
import { apiFetch } from '../../../lib/api-client';
import { eventKeys } from './get-events';

const manageKeys = {
  all: [...eventKeys.all, 'manage'] as const,
  page: (query: TManagedEventQuery) => [...eventKeys.all, 'manage', 'page', query] as const,
  buyers: (id: number) => [...eventKeys.all, 'manage', 'buyers', id] as const,
};

/** `GET /api/eventadmin`: a page of every event with seats sold and held, searched by name. */
export function useManagedEvents(query: TManagedEventQuery) {
  return useQuery({
    queryKey: manageKeys.page(query),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined && value !== '') params.set(key, String(value));
      }
      return ZManagedEventPage.parse(
        await apiFetch(`/eventadmin?${params.toString()}`, { session: 'admin', signal }),
      );
    },
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/event/:id/buyers` (admins): who paid what, for refunds. */
export function useEventBuyers(id: number) {
  return useQuery({
    queryKey: manageKeys.buyers(id),
    queryFn: async ({ signal }) =>
      ZEventBuyers.parse(await apiFetch(`/event/${id}/buyers`, { session: 'admin', signal })),
  });
}

/** The form's values and its chosen image: JSON without an image, multipart with one. */
function eventRequestBody(values: TEventInput, image: File | null): TEventInput | FormData {
  if (!image) return values;
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  form.append('eventImage', image);
  return form;
}

/** Every event list and page, public ones included: an admin change shows everywhere at once. */
function useRefreshEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: eventKeys.all });
}

/** `POST /api/event` (id null) or `PUT /api/eventupdatedelete/:id`. */
export function useSaveEvent(id: number | null) {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: async ({ values, image }: { values: TEventInput; image: File | null }) =>
      ZEventSaved.parse(
        await apiFetch(id === null ? '/event' : `/eventupdatedelete/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body: eventRequestBody(values, image),
          session: 'admin',
        }),
      ),
    onSuccess: refresh,
  });
}

/** `DELETE /api/eventupdatedelete/:id` (admins; refused once a payment was confirmed). */
export function useDeleteEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch(`/eventupdatedelete/${id}`, { method: 'DELETE', session: 'admin' }),
    onSuccess: refresh,
  });
}

/**
 * `POST /api/event/:id/refundbuyers` (admins, a cancelled event): every buyer refunded in full,
 * each its own refund; running it again refunds nobody twice.
 */
export function useRefundEventBuyers() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: async (id: number) =>
      ZEventRefunds.parse(
        await apiFetch(`/event/${id}/refundbuyers`, { method: 'POST', session: 'admin' }),
      ),
    onSettled: refresh,
  });
}

/** `POST /api/event/:id/cancel` (admins): answers the buyers to refund. */
export function useCancelEvent() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: async ({ id, note }: { id: number; note: string }) =>
      ZEventCancelled.parse(
        await apiFetch(`/event/${id}/cancel`, {
          method: 'POST',
          body: note.trim() ? { note: note.trim() } : {},
          session: 'admin',
        }),
      ),
    onSuccess: refresh,
  });
}
