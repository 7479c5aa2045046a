/**
 * Whether the server's one thread is busy with requests: background work (the mail outbox's PDF
 * receipts) waits for a quieter moment instead of taking the thread from buyers in an on-sale
 * rush. Measured as the event loop's utilization since the previous look, so asking costs
 * nothing per request.
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** Above this share of the time spent running code since the last look, the thread is busy. */
const BUSY_UTILIZATION = 0.75;

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
