/**
 * The contact form's checks are the server's (the shared contract); the words are the spec's
 * own (spec 01 §5), in the visitor's language.
 */
import type { TFunction } from 'i18next';
import { ZContactRequest, type TContactRequest } from '../../../domain/contracts/contact';

export type TContactField = keyof TContactRequest;
export type TContactErrors = Partial<Record<TContactField, string>>;

export const EMPTY_CONTACT: TContactRequest = { name: '', email: '', message: '' };

const REQUIRED_KEY = {
  name: 'contact.nameRequired',
  email: 'contact.emailRequired',
  message: 'contact.messageRequired',
} as const;

/** Null when the form may be sent; otherwise the first problem of each field, worded for people. */
export function checkContactForm(values: TContactRequest, t: TFunction): TContactErrors | null {
  const parsed = ZContactRequest.safeParse(values);
  if (parsed.success) return null;
  const errors: TContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as TContactField;
    if (errors[field]) continue;
    if (!values[field].trim()) errors[field] = t(REQUIRED_KEY[field]);
    else if (issue.code === 'too_big') {
      errors[field] = t('validation.maxLength', { max: Number(issue.maximum) });
    } else if (field === 'email') errors[field] = t('contact.emailInvalid');
    else errors[field] = t('validation.notValid', { name: t(`contact.fields.${field}`) });
  }
  return errors;
}
