/**
 * Mail to members (spec 02 §2.10, §5, §8, §9): the compose panel and `POST /api/memmail` share
 * these limits and words, so the browser and the server refuse the same mail the same way.
 */
import { z } from 'zod';
import { ZLine, ZMultiline } from './fields';

export const MAIL_LIMITS = {
  /** Spec 02 §9: at most 3 attachments of at most 10 MB each. */
  files: 3,
  fileBytes: 10 * 1024 * 1024,
  /** Recipients in To, Cc and Bcc together: the whole membership fits, a typo'd paste does not. */
  recipients: 1000,
  addressField: 100_000,
  subject: 300,
  body: 50_000,
  /** Typeahead (spec 02 §9): 10 suggestions, 200 ms after typing stops. */
  suggestions: 10,
  suggestDebounceMs: 200,
  suggestTerm: 100,
} as const;

export const MAIL_FILE_COUNT_MESSAGE = 'File Upload Limit Upto 3';
export const MAIL_FILE_COUNT_TITLE = 'File Upload Limit Exceed';
export const MAIL_FILE_SIZE_MESSAGE = 'File Size Cannot Exceed More Than 10 MB.';
export const MAIL_SENDING_MESSAGE = 'Email Sending';
export const MAIL_SENT_MESSAGE = 'Email Sent Successfully';
export const MAIL_TO_REQUIRED = 'Please enter at least one recipient.';
export const MAIL_SUBJECT_REQUIRED = 'Please enter a subject.';
export const MAIL_TOO_MANY_RECIPIENTS = `At most ${MAIL_LIMITS.recipients} recipients.`;

const tooLong = (max: number) => `At most ${max} characters.`;

/** Splits what was typed in To, Cc or Bcc: addresses separated by commas, semicolons or spaces. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

const ZAddressList = ZLine()
  .max(MAIL_LIMITS.addressField, tooLong(MAIL_LIMITS.addressField))
  .transform(splitAddresses)
  .pipe(z.array(z.email()).max(MAIL_LIMITS.recipients, MAIL_TOO_MANY_RECIPIENTS));

/** The spec's mail payload (02 §3): the field names the original form sends. */
export const ZMemMailRequest = z.object({
  compose_to: ZAddressList.refine((list) => list.length > 0, MAIL_TO_REQUIRED),
  compose_cc: ZAddressList.optional().default([]),
  compose_bcc: ZAddressList.optional().default([]),
  editor_subject: ZLine()
    .min(1, MAIL_SUBJECT_REQUIRED)
    .max(MAIL_LIMITS.subject, tooLong(MAIL_LIMITS.subject)),
  editor_value: ZMultiline()
    .max(MAIL_LIMITS.body, tooLong(MAIL_LIMITS.body))
    .optional()
    .default(''),
  /**
   * Also to the other adults of each addressed member's family who agreed to receive mail to
   * members (their household sign-in's opt-in), in the same field as their member.
   */
  include_household: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((value) => value === true || value === 'true'),
});
export type TMemMailRequest = z.infer<typeof ZMemMailRequest>;

export const ZMemMailSent = z.object({
  id: z.number().int(),
  message: z.string(),
  /** Each address once, however often it was typed across To, Cc and Bcc. */
  recipients: z.number().int(),
  to: z.array(z.string()),
  attachments: z.number().int(),
});
export type TMemMailSent = z.infer<typeof ZMemMailSent>;

export const ZMailSuggestQuery = z.object({
  q: ZLine().min(1).max(MAIL_LIMITS.suggestTerm, tooLong(MAIL_LIMITS.suggestTerm)),
});
export const ZMailSuggestions = z.object({ emails: z.array(z.string()) });
export type TMailSuggestions = z.infer<typeof ZMailSuggestions>;
