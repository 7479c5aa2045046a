import { describe, expect, it } from 'vitest';
import { eventLoopBusyProbe } from './busy-probe';

function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // the thread is busy, as with a burst of requests
  }
}

describe('the event loop busy probe', () => {
  it('says busy after the thread ran code all the time, and quiet after it waited', async () => {
    const isBusy = eventLoopBusyProbe();
    await new Promise((resolve) => setTimeout(resolve, 5));
    spin(100);
    expect(isBusy()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isBusy()).toBe(false);
  });
});
