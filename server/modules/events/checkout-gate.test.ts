import { describe, expect, it } from 'vitest';
import type { TDatabase, TDb } from '../../db/client';
import { throughCheckoutGate } from './checkout-gate';

function fakeDatabase(kind: TDatabase['kind']): Pick<TDatabase, 'db' | 'kind'> {
  return { db: {} as TDb, kind };
}

/** Work that runs until `release` is called, noting how many ran at once. */
function gatedWork(log: { running: number; most: number; order: number[] }) {
  const releases: Array<() => void> = [];
  const work = (id: number) => async () => {
    log.running += 1;
    log.most = Math.max(log.most, log.running);
    log.order.push(id);
    await new Promise<void>((resolve) => releases.push(resolve));
    log.running -= 1;
    return id;
  };
  return { work, releaseNext: () => releases.shift()?.() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the checkout gate', () => {
  it('runs one checkout of an event at a time on the embedded database, in arrival order', async () => {
    const database = fakeDatabase('pglite');
    const log = { running: 0, most: 0, order: [] as number[] };
    const { work, releaseNext } = gatedWork(log);
    const all = Promise.all([1, 2, 3].map((id) => throughCheckoutGate(database, 7, work(id))));
    for (let i = 0; i < 3; i++) {
      await tick();
      releaseNext();
    }
    expect(await all).toEqual([1, 2, 3]);
    expect(log.most).toBe(1);
    expect(log.order).toEqual([1, 2, 3]);
  });

  it('runs three at once on PostgreSQL, and other events do not wait', async () => {
    const database = fakeDatabase('postgres');
    const log = { running: 0, most: 0, order: [] as number[] };
    const { work, releaseNext } = gatedWork(log);
    const sameEvent = [1, 2, 3, 4, 5].map((id) => throughCheckoutGate(database, 7, work(id)));
    await tick();
    expect(log.running).toBe(3);
    const otherEvent = throughCheckoutGate(database, 8, async () => 'other');
    expect(await otherEvent).toBe('other');
    for (let i = 0; i < 5; i++) {
      releaseNext();
      await tick();
    }
    await Promise.all(sameEvent);
    expect(log.most).toBe(3);
    expect(log.order).toEqual([1, 2, 3, 4, 5]);
  });

  it('passes the turn on when a checkout fails', async () => {
    const database = fakeDatabase('pglite');
    const failing = throughCheckoutGate(database, 9, async () => {
      await tick();
      throw new Error('sold out');
    });
    const next = throughCheckoutGate(database, 9, async () => 'bought');
    await expect(failing).rejects.toThrow('sold out');
    expect(await next).toBe('bought');
  });

  it('keeps databases apart', async () => {
    const first = fakeDatabase('pglite');
    const second = fakeDatabase('pglite');
    let release: () => void = () => undefined;
    const holding = throughCheckoutGate(
      first,
      1,
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    expect(await throughCheckoutGate(second, 1, async () => 'not blocked')).toBe('not blocked');
    release();
    await holding;
  });
});
