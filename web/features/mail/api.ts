import { queryOptions, useMutation } from '@tanstack/react-query';
import { MAIL_LIMITS, ZMailSuggestions, ZMemMailSent } from '../../../domain/contracts/mail';
import { apiFetch } from '../../lib/api-client';

/** `GET /api/memmail/suggestions`: up to 10 member e-mails containing what was typed. */
export const mailSuggestionsQuery = (typed: string) =>
  queryOptions({
    queryKey: ['mail', 'suggestions', typed] as const,
    queryFn: async ({ signal }) =>
      ZMailSuggestions.parse(
        await apiFetch(`/memmail/suggestions?q=${encodeURIComponent(typed)}`, {
          session: 'admin',
          signal,
        }),
      ).emails.slice(0, MAIL_LIMITS.suggestions),
    enabled: typed.length > 0,
    staleTime: 60_000,
  });

export interface TComposedMail {
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
  files: File[];
  /** Also to the other adults of each member's family who agreed to receive mail to members. */
  household?: boolean;
}

/** The spec's mail payload (02 §3) as multipart. */
export function mailFormData(mail: TComposedMail): FormData {
  const form = new FormData();
  form.append('compose_to', mail.to);
  form.append('compose_cc', mail.cc);
  form.append('compose_bcc', mail.bcc);
  form.append('editor_subject', mail.subject);
  form.append('editor_value', mail.body);
  if (mail.household) form.append('include_household', 'true');
  for (const file of mail.files) form.append('files', file, file.name);
  return form;
}

/** `POST /api/memmail`. */
export function useSendMemberMail() {
  return useMutation({
    mutationFn: async (mail: TComposedMail) =>
      ZMemMailSent.parse(
        await apiFetch('/memmail', { method: 'POST', body: mailFormData(mail), session: 'admin' }),
      ),
  });
}
