/**
 * Forms validate with the contract's own zod schemas (the server runs the same ones), but the
 * words a visitor reads come from the spec's vocabulary in their language ("Email is required.",
 * "{name} minimum length is {min}"), chosen by the kind of problem rather than zod's English.
 */
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from './api-client';

export type TFieldErrors = Partial<Record<string, string>>;

type TIssue = z.ZodError['issues'][number];

export interface TFieldWording {
  /** The translated name of each field, as its label shows it. */
  labels: Readonly<Record<string, string>>;
  t: TFunction;
  /** Translations of a contract's own rule messages (refinements), keyed by their English text. */
  ruleMessages?: Readonly<Record<string, string>>;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

function wordingOf(
  issue: TIssue,
  field: string,
  value: unknown,
  { labels, t, ruleMessages }: TFieldWording,
) {
  // A field the form has no label for gets the spec's generic vocabulary rather than its code name.
  const name = labels[field];
  const notValid = () =>
    name === undefined ? t('validation.fieldNotValid') : t('validation.notValid', { name });
  // A contract's own words (e.g. 'Please enter your city.') win over the generic wording
  const ruled = ruleMessages?.[issue.message];
  if (ruled) return ruled;
  if (issue.code === 'custom') return notValid();
  if (isEmpty(value)) {
    if (field === 'email') return t('validation.emailRequired');
    return name === undefined ? t('validation.requiredField') : t('validation.required', { name });
  }
  if (issue.code === 'too_small') {
    const min = Number(issue.minimum);
    return name === undefined
      ? t('validation.minFieldLength', { min })
      : t('validation.minLength', { name, min });
  }
  if (issue.code === 'too_big') return t('validation.maxLength', { max: Number(issue.maximum) });
  return field === 'email' ? t('validation.emailInvalid') : notValid();
}

/** The first problem of each top-level field, worded for the visitor. */
export function fieldErrorsOf(
  error: z.ZodError,
  values: Readonly<Record<string, unknown>>,
  wording: TFieldWording,
): TFieldErrors {
  const errors: TFieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= wordingOf(issue, field, values[field], wording);
  }
  return errors;
}

/** The server's per-field messages (400/409 `fields`), translated where the form knows them. */
export function serverFieldErrors(
  error: unknown,
  ruleMessages: Readonly<Record<string, string>> = {},
): TFieldErrors {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const errors: TFieldErrors = {};
  for (const [field, message] of Object.entries(error.fields)) {
    errors[field] = ruleMessages[message] ?? message;
  }
  return errors;
}
