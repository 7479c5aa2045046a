import { MAIL_LIMITS } from '../../../domain/contracts/mail';

export type TFileRefusal = 'count' | 'size' | null;

/**
 * The attachments after a pick (spec 02 §9): at most 3 in all, each at most 10 MB. A pick that
 * would pass 3 is refused whole; every picked file is checked for its size.
 */
export function addFiles(
  current: File[],
  picked: File[],
): { files: File[]; refusal: TFileRefusal } {
  if (current.length + picked.length > MAIL_LIMITS.files)
    return { files: current, refusal: 'count' };
  if (picked.some((file) => file.size > MAIL_LIMITS.fileBytes)) {
    return { files: current, refusal: 'size' };
  }
  return { files: [...current, ...picked], refusal: null };
}

/** What is being typed in an address field: the text after the last separator. */
export function lastTerm(text: string): { before: string; term: string } {
  const match = /^(.*[,;\s])?([^,;\s]*)$/.exec(text);
  return { before: match?.[1] ?? '', term: match?.[2] ?? '' };
}
