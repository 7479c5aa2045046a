import type { z } from 'zod';

/**
 * The first problem of each form field, keyed by the field's name without its group
 * ('buyer.email' and ['buyer', 'email'] both become 'email'), from the shared zod schema or from
 * the server's `fields`. Screens show a translated sentence per field, not zod's English text.
 */
export function fieldsWithErrors(
  source: readonly z.core.$ZodIssue[] | Readonly<Record<string, string>> | undefined,
): Set<string> {
  const paths = !source
    ? []
    : Array.isArray(source)
      ? (source as readonly z.core.$ZodIssue[]).map((issue) => issue.path.map(String))
      : Object.keys(source).map((key) => key.split('.'));
  return new Set(paths.map((path) => (path[0] === 'buyer' && path[1] ? path[1] : (path[0] ?? ''))));
}
