import type { TClock } from '../../lib/clock';
import { addDays, daysBetween, instantAt, localDate, yearOf } from './calendar';
import { SeededRandom, UniqueCodes } from './random';

export interface TSeedOptions {
  clock: TClock;
  timeZone: string;
  eventPrefix: string;
}

/** What every part of the seed shares: one random stream and "today" in the association's zone. */
export interface TSeedContext {
  random: SeededRandom;
  codes: UniqueCodes;
  now: Date;
  timeZone: string;
  eventPrefix: string;
  today: string;
  /** Payments go back this far: the last 12 months. */
  windowStart: string;
  yearStart: string;
  yearEnd: string;
  /** A moment on `date`, between `fromHour` and `toHour` local time, never later than now. */
  momentOn(date: string, fromHour?: number, toHour?: number): Date;
  /** A moment on a day between `from` and `to` (both included), never later than now. */
  momentBetween(from: string, to: string): Date;
}

const SEED = 0x5a3a1979;
// Checkouts start at least this long before now, so their confirmation is in the past too
const LATEST_OFFSET_MS = 10 * 60_000;

export function createSeedContext(options: TSeedOptions): TSeedContext {
  const random = new SeededRandom(SEED);
  const now = options.clock.now();
  const today = localDate(now, options.timeZone);
  const year = yearOf(today);
  const latest = now.getTime() - LATEST_OFFSET_MS;

  const momentOn = (date: string, fromHour = 8, toHour = 22): Date => {
    const hour = random.int(fromHour, toHour - 1);
    const minute = random.int(0, 59);
    const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
    const instant = instantAt(date, time, options.timeZone).getTime() + random.int(0, 59) * 1000;
    return new Date(Math.min(instant, latest - random.int(0, 3600) * 1000));
  };

  return {
    random,
    codes: new UniqueCodes(random),
    now,
    timeZone: options.timeZone,
    eventPrefix: options.eventPrefix,
    today,
    windowStart: addDays(today, -364),
    yearStart: `${year}-01-01`,
    yearEnd: `${year}-12-31`,
    momentOn,
    momentBetween: (from, to) =>
      momentOn(addDays(from, random.int(0, Math.max(0, daysBetween(from, to))))),
  };
}
