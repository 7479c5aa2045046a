import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStatementPreview, TStatementsSent } from '../../../../domain/contracts/donations';
import { apiFetch } from '../../../lib/api-client';

const previewKey = (year: number) => ['donations', 'statements', year] as const;

/** `GET /api/donations/statements/:year`: how many donors the year's statements would reach. */
export function useStatementPreview(year: number) {
  return useQuery({
    queryKey: previewKey(year),
    queryFn: ({ signal }) =>
      apiFetch<TStatementPreview>(`/donations/statements/${year}`, { session: 'admin', signal }),
  });
}

/** `POST /api/donations/statements`: mails every donor of the year not yet mailed. */
export function useSendStatements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (year: number) =>
      apiFetch<TStatementsSent>('/donations/statements', {
        method: 'POST',
        body: { year },
        session: 'admin',
      }),
    onSettled: (_data, _error, year) =>
      queryClient.invalidateQueries({ queryKey: previewKey(year) }),
  });
}
