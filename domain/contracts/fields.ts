/**
 * The field rules every contract builds on, so no input reaches the database in a shape it
 * would refuse with a 500: whole numbers are decimal digits and fit the integer columns, and
 * text carries no control characters (PostgreSQL refuses a NUL byte outright).
 */
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column: ids, counts and cents all live in one. */
export const MAX_DB_INT = 2_147_483_647;

/** The spec's words (02 §5) for a field that is absent or of the wrong kind, in place of zod's English. */
export const REQUIRED_FIELD_MESSAGE = 'Required field';
export const FIELD_NOT_VALID_MESSAGE = 'Field is not valid';

// Every contract imports this module, so zod's fallback wording is set once for server and browser;
// a schema's own message still wins over it.
z.config({
  customError: (issue) => {
    if (issue.code !== 'invalid_type') return undefined;
    return issue.input === undefined ? REQUIRED_FIELD_MESSAGE : FIELD_NOT_VALID_MESSAGE;
  },
});

export const CONTROL_CHARACTERS_MESSAGE = 'Control characters are not allowed.';
export const WHOLE_NUMBER_MESSAGE = 'A whole number, in digits.';

/** C0 controls, DEL and C1 controls; `lineBreaksAllowed` lets tab, line feed and carriage return through. */
function hasControlCharacter(text: string, lineBreaksAllowed: boolean): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const isControl = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    const isLineBreak = code === 0x09 || code === 0x0a || code === 0x0d;
    if (isControl && !(lineBreaksAllowed && isLineBreak)) return true;
  }
  return false;
}

/**
 * One line of text (a name, an e-mail, a search term): trimmed, no control characters. Chain
 * `.min`/`.max`. `missing` is the message when the field is absent or not text.
 */
export const ZLine = (missing?: string) =>
  z
    .string(missing === undefined ? undefined : { error: missing })
    .trim()
    .refine((text) => !hasControlCharacter(text, false), CONTROL_CHARACTERS_MESSAGE);

/** Text of several lines (a description, a message): line breaks and tabs allowed, other control characters not. */
export const ZMultiline = () =>
  z
    .string()
    .trim()
    .refine((text) => !hasControlCharacter(text, true), CONTROL_CHARACTERS_MESSAGE);

/**
 * A whole number as JSON, a path or a query carries it: a number, or a string of decimal digits
 * ("12"). "0x05", "1e1", "12.0" and "" are refused, not coerced. Pipe it into the bounds.
 */
const wholeNumber = (missing?: string) =>
  z.union(
    [
      z.number(),
      z
        .string()
        .regex(/^-?\d{1,15}$/, missing ?? WHOLE_NUMBER_MESSAGE)
        .transform(Number),
    ],
    missing === undefined ? undefined : { error: missing },
  );
export const ZWholeNumber = wholeNumber();

/** A whole number within [min, max]; `messages` overrides the wording of each bound. */
export const ZWhole = (
  min: number,
  max: number,
  messages: { missing?: string; int?: string; min?: string; max?: string } = {},
) =>
  wholeNumber(messages.missing).pipe(
    z
      .number()
      .int(messages.int ?? WHOLE_NUMBER_MESSAGE)
      .min(min, messages.min)
      .max(max, messages.max ?? `At most ${max}.`),
  );

const idBounds = () => z.number().int(WHOLE_NUMBER_MESSAGE).min(1).max(MAX_DB_INT, 'No such id.');
/** A row id as a JSON number only (a body field the browser always sends as a number). */
export const ZIdNumber = idBounds();
/** A row id from a path, a query or a body: 1 up to the largest value its integer column holds. */
export const ZId = ZWholeNumber.pipe(idBounds());
