/**
 * Where the server's log goes: standard output, written out once 16 KB of lines have gathered, a
 * second after the oldest line at the latest, and at once after a warning or worse; what is still
 * gathered when the process exits is written then.
 *
 * A write per line (pino's default) cost a rush a tenth of the server's CPU (issue 14): every
 * request's line was a write handed to libuv's thread pool, and a thread switch on the server's
 * core, around 0.2 ms each on this project's machine. The lines are gathered here, in a list,
 * and handed to pino's writer (sonic-boom) as one text: gathered inside sonic-boom instead, each
 * line was appended to one growing string whose UTF-8 length it measured again on every line, a
 * twentieth of the public event list's CPU under load.
 */
import pino, { type LoggerOptions } from 'pino';

/** Characters gathered before they are written out (the lines are ASCII as a rule). */
const GATHERED_CHARS = 16 * 1024;
const LONGEST_WAIT_MS = 1000;
/** pino's number for 'warn': lines at this level or above are written out at once. */
const AT_ONCE_FROM_LEVEL = 40;

type TWriter = ReturnType<typeof pino.destination>;

/** Log lines kept in a list until there are enough of them, then written as one text. */
class GatheredLines {
  private lines: string[] = [];
  private chars = 0;
  private readonly timer = setInterval(() => this.flush(), LONGEST_WAIT_MS).unref();
  private readonly atExit = () => this.flushSync();

  constructor(private readonly writer: TWriter) {
    // Ahead of the writer's own exit hook, which only writes what the writer holds
    process.prependListener('exit', this.atExit);
  }

  write(line: string): boolean {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= GATHERED_CHARS) this.handOver();
    return true;
  }

  /** Writes out what is gathered, without waiting for the write (`logger.flush(done)` calls it). */
  flush(done?: (error?: Error) => void): void {
    this.handOver();
    if (done) this.writer.flush(done);
  }

  /** Writes out what is gathered before this returns (the process is exiting). */
  flushSync(): void {
    this.handOver();
    this.writer.flushSync();
  }

  /** Writes out what is gathered and closes the writer. */
  end(): void {
    clearInterval(this.timer);
    process.removeListener('exit', this.atExit);
    this.handOver();
    this.writer.end();
  }

  /** The writer writes each text at once, or right behind the write under way. */
  private handOver(): void {
    if (this.lines.length === 0) return;
    const text = this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.writer.write(text);
  }
}

export interface TLogDestination {
  stream: GatheredLines;
  /** For pino's `hooks`: a warning or worse is written out right after it is logged. */
  hooks: NonNullable<LoggerOptions['hooks']>;
}

/**
 * The server's log, made once per process: it stays until the process exits, when it writes what
 * is left. `fd`: an open file descriptor, standard output unless told. Not a path: a file still
 * being opened when the process exits loses what was gathered.
 */
export function gatheredLog(fd = 1): TLogDestination {
  const writer = pino.destination({ dest: fd, sync: false });
  const stream = new GatheredLines(writer);
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
