import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ZReminderListResponse,
  ZReminderRunAnswer,
  type TReminderListQuery,
} from '../../../domain/contracts/reminders';
import { apiFetch } from '../../lib/api-client';

function searchOf(query: TReminderListQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params.toString();
}

/** `GET /api/renewal-reminders`: one page of who was reminded; the last page stays while the next loads. */
export const reminderListQuery = (query: TReminderListQuery) =>
  queryOptions({
    queryKey: ['reminders', 'list', query],
    queryFn: async ({ signal }) =>
      ZReminderListResponse.parse(
        await apiFetch(`/renewal-reminders?${searchOf(query)}`, { session: 'admin', signal }),
      ),
    placeholderData: keepPreviousData,
  });

/** `POST /api/renewal-reminders/run`: sends the reminders due now (admins). */
export async function sendDueReminders(): Promise<number> {
  const answer = ZReminderRunAnswer.parse(
    await apiFetch('/renewal-reminders/run', { method: 'POST', session: 'admin' }),
  );
  return answer.sent;
}
