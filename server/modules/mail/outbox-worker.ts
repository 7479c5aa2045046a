import { quieterMoment, type TBusyProbe } from '../../lib/busy-probe';
import type { TMailTransport } from './mail-transport';
import { processOutboxBatch, type TBatchResult, type TOutboxContext } from './outbox-batch';

/** The part of a pino logger the worker uses (`app.log` fits). */
export interface TOutboxLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface TOutboxWorkerOptions {
  intervalMs: number;
  batchSize?: number;
  log?: TOutboxLog;
  /**
   * Yield to requests: a batch first waits `pollMs`, and longer while `isBusy()` says the
   * server was busy meanwhile, but never more than `maxWaitMs` in all: mail may be late, never lost.
   * A batch begun in a quiet moment also gives way between two mails once `othersWaiting()` says
   * requests have come, and hands the rest back; one begun after the longest wait sends them all.
   */
  yieldWhileBusy?: {
    isBusy: TBusyProbe;
    pollMs: number;
    maxWaitMs: number;
    othersWaiting: () => Promise<boolean>;
  };
}

export interface TOutboxWorker {
  /** Runs a batch soon: call it after the transaction that enqueued a mail has committed. */
  kick(): void;
  /** Stops polling and resolves once the batch in flight, if any, has finished. */
  stop(): Promise<void>;
}

const DEFAULT_BATCH_SIZE = 20;

const consoleLog: TOutboxLog = {
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};

/**
 * Sends the outbox in the background: a batch at start, then every `intervalMs`, and soon
 * after each `kick()`. Batches never overlap within one worker; a full batch is followed at
 * once by the next, so a backlog drains without waiting an interval per batch.
 */
export function startOutboxWorker(
  ctx: TOutboxContext,
  transport: TMailTransport,
  options: TOutboxWorkerOptions,
): TOutboxWorker {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const log = options.log ?? consoleLog;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let kickedDuringBatch = false;
  let stopped = false;

  function schedule(delayMs: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delayMs);
    // Polling alone must not keep the process alive (tests, a server shutting down).
    timer.unref();
  }

  function run(): void {
    if (inFlight) {
      kickedDuringBatch = true;
      return;
    }
    inFlight = drain().finally(() => {
      inFlight = undefined;
      const kicked = kickedDuringBatch;
      kickedDuringBatch = false;
      schedule(kicked ? 0 : options.intervalMs);
    });
  }

  async function drain(): Promise<void> {
    try {
      let result: TBatchResult;
      do {
        const yielding = options.yieldWhileBusy;
        const quiet = yielding
          ? await quieterMoment(yielding.isBusy, { ...yielding, stopped: () => stopped })
          : false;
        if (stopped) return;
        result = await processOutboxBatch(ctx, transport, {
          limit: batchSize,
          // A stopping worker hands the rest back too, rather than leave it claimed
          giveWay:
            yielding && quiet
              ? async () => stopped || (await yielding.othersWaiting())
              : async () => stopped,
        });
        if (result.retrying > 0 || result.failed > 0) {
          log.warn(
            { retrying: result.retrying, failed: result.failed },
            'Some mails could not be sent; see mail_outbox.last_error',
          );
        }
      } while (!stopped && (result.claimed === batchSize || result.handedBack > 0));
    } catch (error) {
      // The database may be briefly unreachable; the next interval tries again.
      log.error({ err: error }, 'The mail outbox batch failed');
    }
  }

  schedule(0);
  return {
    kick() {
      if (inFlight) kickedDuringBatch = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
