/**
 * Where the server's log goes: standard output, written out once 4 KB of lines have gathered, a
 * second after the oldest line at the latest, and at once after a warning or worse; what is still
 * gathered when the process exits is written then (pino's own exit hook).
 *
 * A write per line (pino's default) cost a rush a tenth of the server's CPU (issue 14): every
 * request's line was a write handed to libuv's thread pool, and a thread switch on the server's
 * core, around 0.2 ms each on this project's machine. Gathered, about a dozen lines share one.
 */
import pino, { type LoggerOptions } from 'pino';

const GATHERED_BYTES = 4096;
const LONGEST_WAIT_MS = 1000;
/** pino's number for 'warn': lines at this level or above are written out at once. */
const AT_ONCE_FROM_LEVEL = 40;

export interface TLogDestination {
  stream: ReturnType<typeof pino.destination>;
  /** For pino's `hooks`: a warning or worse is written out right after it is logged. */
  hooks: NonNullable<LoggerOptions['hooks']>;
}

/**
 * `fd`: an open file descriptor, standard output unless told. Not a path: a file pino still
 * opens when the process exits loses what was gathered.
 */
export function gatheredLog(fd = 1): TLogDestination {
  const stream = pino.destination({
    dest: fd,
    sync: false,
    minLength: GATHERED_BYTES,
    periodicFlush: LONGEST_WAIT_MS,
  });
  return {
    stream,
    hooks: {
      logMethod(args, method, level) {
        method.apply(this, args);
        if (level >= AT_ONCE_FROM_LEVEL) stream.flush();
      },
    },
  };
}
