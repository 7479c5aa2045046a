/**
 * What a failed query says about the request: the database refused the input's shape (a 400),
 * or the database is unreachable, read-only or out of space for now (a 503 that heals itself).
 * Drivers put PostgreSQL's SQLSTATE in `code`; drizzle wraps the driver's error in `cause`.
 */

/** SQLSTATEs of input the database cannot store: NUL bytes, numbers out of range, bad text. */
const INPUT_REFUSED = new Set(['22021', '22P05', '22003', '22P02', '22007', '22008', '54000']);

/** Node socket codes of a server that is gone or unreachable. */
const CONNECTION_LOST = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/** Messages of pg and PGlite when the connection ended or the client was closed. */
const CONNECTION_MESSAGES =
  /Connection terminated|connection error and is not queryable|Client was closed|PGlite is closed|Cannot use a pool after calling end|timeout exceeded when trying to connect/i;

interface TErrorLink {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** `error` and the errors it wraps (`cause`), outermost first, a few deep. */
function chainOf(error: unknown): TErrorLink[] {
  const chain: TErrorLink[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    chain.push(current as TErrorLink);
    current = (current as TErrorLink).cause;
  }
  return chain;
}

function codesOf(error: unknown): { codes: string[]; messages: string[] } {
  const chain = chainOf(error);
  return {
    codes: chain.flatMap(({ code }) => (typeof code === 'string' ? [code] : [])),
    messages: chain.flatMap(({ message }) => (typeof message === 'string' ? [message] : [])),
  };
}

/** The message of the database error with SQLSTATE `code` that `error` is or wraps, if any. */
export function messageWithCode(error: unknown, code: string): string | undefined {
  const link = chainOf(error).find((each) => each.code === code);
  return typeof link?.message === 'string' ? link.message : undefined;
}

/** A unique index refused the row (23505): two saves of one e-mail at the same instant, say. */
export function isUniqueViolation(error: unknown): boolean {
  return codesOf(error).codes.includes('23505');
}

export function isInputRefusedByDatabase(error: unknown): boolean {
  return codesOf(error).codes.some((code) => INPUT_REFUSED.has(code));
}

/**
 * The database cannot answer now: the connection is lost (class 08, shutdown 57P01-57P03,
 * sockets), it is read-only (25006), or it is out of space or connections (class 53).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { codes, messages } = codesOf(error);
  return (
    codes.some(
      (code) =>
        CONNECTION_LOST.has(code) ||
        /^(08|53)/.test(code) ||
        ['57P01', '57P02', '57P03', '25006'].includes(code),
    ) || messages.some((message) => CONNECTION_MESSAGES.test(message))
  );
}
