import { useMutation } from '@tanstack/react-query';
import type { TDownloadLink } from '../../../../domain/contracts/reports';
import { apiFetch } from '../../../lib/api-client';

/**
 * A new tab cannot send the bearer header, so a download opens through a short-lived, single-use
 * link (`POST /api/downloads`, DESIGN §3d) asked for with the staff login.
 */
export function useCreateDownloadLink() {
  return useMutation({
    mutationFn: (path: string) =>
      apiFetch<TDownloadLink>('/downloads', { method: 'POST', body: { path }, session: 'admin' }),
  });
}
