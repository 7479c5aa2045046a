import type { TBatchResult } from './outbox-batch';

/** What a batch answers, with every count not named at 0. */
export function batchResult(counts: Partial<TBatchResult>): TBatchResult {
  return { claimed: 0, sent: 0, retrying: 0, failed: 0, handedBack: 0, ...counts };
}
