/**
 * At most `size` pieces of work at once; the rest wait their turn, first come first served.
 * For CPU-bound work done off the main thread (password hashing): more at once than there are
 * cores only makes each take longer and evict the others from the processor's caches.
 */
export class Lanes {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve)); // handed a free lane
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
