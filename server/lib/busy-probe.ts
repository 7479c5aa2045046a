/**
 * Whether the server's one thread is busy with requests: background work (the mail outbox's PDF
 * receipts) waits for a quieter moment instead of taking the thread from buyers in an on-sale
 * rush. Measured as the event loop's utilization since the previous look, so asking costs
 * nothing per request.
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** Above this share of the time spent running code since the last look, the thread is busy. */
const BUSY_UTILIZATION = 0.75;
/** Other work that takes the thread longer than this in two turns of the loop: requests waiting. */
const WAITING_WORK_MS = 1;

export type TBusyProbe = () => boolean;

export function eventLoopBusyProbe(threshold = BUSY_UTILIZATION): TBusyProbe {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(now, last);
    last = now;
    return since.utilization > threshold;
  };
}

/**
 * Waits for a quieter moment: at least one `pollMs`, then longer while the thread was busy in
 * the last `pollMs`, but never past `maxWaitMs` in all or once `stopped()`. Answers whether the
 * thread was quiet in the end (false: the wait ran out, or stopped, while it was busy).
 */
export async function quieterMoment(
  isBusy: TBusyProbe,
  options: { pollMs: number; maxWaitMs: number; stopped?: () => boolean },
): Promise<boolean> {
  const started = Date.now();
  // The probe measures since its last look, which may be long ago: look once to start afresh
  isBusy();
  do {
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
    if (!isBusy()) return true;
  } while (!options.stopped?.() && Date.now() - started < options.maxWaitMs);
  return false;
}

/**
 * Whether requests are waiting for the thread now: lets the event loop turn twice (the second
 * turn polls what arrived meanwhile and runs it) and answers whether the other work took longer
 * than `thresholdMs`. Answered at once on a quiet server, so background work can ask it between
 * two steps at no cost; the utilization probe above needs a pause to measure.
 */
export async function othersWaiting(thresholdMs = WAITING_WORK_MS): Promise<boolean> {
  const started = performance.now();
  for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return performance.now() - started > thresholdMs;
}
