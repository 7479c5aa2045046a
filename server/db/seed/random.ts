/**
 * A small seeded PRNG (mulberry32): the demo data is the same on every machine for a given
 * clock, which keeps screenshots, tests and bug reports comparable.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `weighted([[0, 1], [1, 3]])` returns 1 three times as often as 0. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1][0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  /** `length` characters drawn from `alphabet`. */
  text(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
// Door codes are read aloud and typed: no 0/O, 1/I/L, U
const DOOR_CODE = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/** Hands out values that never repeat within one seeding run. */
export class UniqueCodes {
  private readonly used = new Set<string>();

  constructor(private readonly random: SeededRandom) {}

  /** 'txn_' + 24 base32 characters (120 bits): the shape of a real checkout's transaction id. */
  transactionId(): string {
    return this.unique(() => `txn_${this.random.text(BASE32, 24)}`);
  }

  doorCode(): string {
    return this.unique(() => `${this.random.text(DOOR_CODE, 4)}-${this.random.text(DOOR_CODE, 4)}`);
  }

  private unique(make: () => string): string {
    for (;;) {
      const value = make();
      if (!this.used.has(value)) {
        this.used.add(value);
        return value;
      }
    }
  }
}
