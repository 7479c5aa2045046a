/** The one source of "now". Tests pass a settable clock so expiry and backoff are checked without waiting. */
export interface TClock {
  now(): Date;
}

export const systemClock: TClock = { now: () => new Date() };

export class TestClock implements TClock {
  private current: Date;
  constructor(start: Date | string = '2026-11-22T15:00:00Z') {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date | string): void {
    this.current = new Date(to);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
