import { describe, expect, it } from 'vitest';
import { Lanes } from './lanes';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('Lanes', () => {
  it('runs at most its size at once, and every piece of work in the order it came', async () => {
    const lanes = new Lanes(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        lanes.run(async () => {
          started.push(i);
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
          return i * 10;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });

  it('frees the lane of work that fails', async () => {
    const lanes = new Lanes(1);
    await expect(lanes.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await lanes.run(async () => 'next')).toBe('next');
  });
});
