import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_DB_INT, ZId, ZLine, ZMultiline, ZWhole } from './fields';

describe('shared field rules', () => {
  it('reads ids from digits or numbers, within the integer column', () => {
    expect(ZId.parse('12')).toBe(12);
    expect(ZId.parse(12)).toBe(12);
    expect(ZId.parse(String(MAX_DB_INT))).toBe(MAX_DB_INT);
    for (const wrong of ['0x05', '1e1', '5.0', '', ' 5', String(MAX_DB_INT + 1), 0, 1.5])
      expect(ZId.safeParse(wrong).success).toBe(false);
  });

  it('keeps the caller’s wording of each bound', () => {
    const tickets = ZWhole(1, 50, { int: 'Whole tickets only.', max: 'At most 50.' });
    expect(tickets.safeParse(2.5).error?.issues[0].message).toBe('Whole tickets only.');
    expect(tickets.safeParse('51').error?.issues[0].message).toBe('At most 50.');
  });

  it('refuses control characters in a line, and all but line breaks and tabs in longer text', () => {
    expect(ZLine().parse('  Zoë O’Brien ')).toBe('Zoë O’Brien');
    for (const wrong of ['a\u0000b', 'a\nb', 'a\tb', 'a\u001bb', 'a\u007fb'])
      expect(ZLine().safeParse(wrong).success).toBe(false);
    expect(ZMultiline().parse('Dear all,\r\n\tthe hall opens at 6.\n')).toBe(
      'Dear all,\r\n\tthe hall opens at 6.',
    );
    for (const wrong of ['a\u0000b', 'a\u0007b', 'a\u001bb'])
      expect(ZMultiline().safeParse(wrong).success).toBe(false);
  });
});

describe("zod's fallback wording", () => {
  const body = z.object({ transactionID: ZLine().min(1), seats: ZWhole(1, 10) });
  const messageOf = (input: unknown) => body.safeParse(input).error?.issues[0]?.message;

  it('says "Required field" for an absent field and "Field is not valid" for one of the wrong kind', () => {
    expect(messageOf({ seats: 1 })).toBe('Required field');
    expect(messageOf({ transactionID: 12, seats: 1 })).toBe('Field is not valid');
  });

  it("keeps a schema's own message", () => {
    expect(ZLine('Please enter your name.').safeParse(undefined).error?.issues[0]?.message).toBe(
      'Please enter your name.',
    );
  });
});
