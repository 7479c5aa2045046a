/** When a failed mail is tried again, and when the outbox gives up on it. */

export const MAX_ATTEMPTS = 10;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 300;

/**
 * Exponential backoff after the n-th failed attempt: 30 s, 1 min, 2 min, ... capped at 1 h.
 * Ten attempts thus span about three and a half hours, enough to ride out a mail server
 * restart or a short provider outage without hammering it.
 */
export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(FIRST_DELAY_MS * 2 ** exponent, MAX_DELAY_MS);
}

/** One line for `last_error`: enough to diagnose (code and message), short enough to list. */
export function describeSendError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const withCode =
    typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
  const line = withCode.replace(/\s+/g, ' ').trim();
  return line.length > MAX_ERROR_LENGTH ? `${line.slice(0, MAX_ERROR_LENGTH - 1)}…` : line;
}
