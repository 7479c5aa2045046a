import { describe, expect, it } from 'vitest';
import { neutralise, wallClockConverter } from './report-workbook';

function reference(instant: Date, timeZone: string): Date {
  const parts: Record<string, number> = {};
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  for (const part of formatter.formatToParts(instant)) parts[part.type] = Number(part.value);
  return new Date(
    Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second),
  );
}

describe('the spreadsheet wall clock', () => {
  const cases: Array<[string, string]> = [
    ['America/Chicago', '2024-03-09T12:00:00Z'],
    ['America/Chicago', '2024-11-02T12:00:00Z'],
    ['Australia/Adelaide', '2024-04-06T00:00:00Z'],
    ['Asia/Kolkata', '2024-06-01T00:00:00Z'],
  ];
  for (const [timeZone, from] of cases) {
    it(`matches Intl minute by minute across a day in ${timeZone} from ${from}, offset changes included`, () => {
      const wallClock = wallClockConverter(timeZone);
      const start = Date.parse(from);
      for (let minute = 0; minute < 48 * 60; minute += 7) {
        const instant = new Date(start + minute * 60_000 + 13_000);
        expect(wallClock(instant.toISOString())).toEqual(reference(instant, timeZone));
      }
    });
  }
});

describe('formula neutralising', () => {
  it('prefixes text that a spreadsheet would run, and leaves the rest alone', () => {
    for (const text of ['=1+1', '+31', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(neutralise(text)).toBe(`'${text}`);
    for (const text of ['Asha Patel', 'a=b', '', '1-2']) expect(neutralise(text)).toBe(text);
  });
});
