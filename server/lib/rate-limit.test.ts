import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/client';
import { rateLimits } from '../db/schema';
import { createTestDatabase } from '../test/test-database';
import { countHits, takeHit } from './rate-limit';

const now = new Date('2026-11-26T12:00:00Z');
const MINUTE = 60_000;

describe('rate-limit counters', () => {
  let database: TDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(rateLimits);
  });

  it('counts every key of a hit in one go, each in its own window', async () => {
    const rules = [
      { key: 'test:b', limit: 5, windowMs: 10 * MINUTE },
      { key: 'test:a', limit: 5, windowMs: MINUTE },
    ];
    await countHits(database.db, rules, now);
    const counted = await countHits(database.db, rules, new Date(now.getTime() + 1000));
    expect(counted.get('test:a')).toEqual({ hits: 2, expiresAt: new Date(now.getTime() + MINUTE) });
    expect(counted.get('test:b')).toEqual({
      hits: 2,
      expiresAt: new Date(now.getTime() + 10 * MINUTE),
    });

    // The one-minute window has ended: it starts afresh, the other goes on
    const later = new Date(now.getTime() + 2 * MINUTE);
    const after = await countHits(database.db, rules, later);
    expect(after.get('test:a')).toEqual({ hits: 1, expiresAt: new Date(later.getTime() + MINUTE) });
    expect(after.get('test:b')?.hits).toBe(3);
  });

  it('counts a key named twice once', async () => {
    const rule = { key: 'test:twice', limit: 5, windowMs: MINUTE };
    const counted = await countHits(database.db, [rule, rule], now);
    expect(counted.get('test:twice')?.hits).toBe(1);
  });

  it('refuses past either limit with the longest wait, after counting both', async () => {
    const rules = [
      { key: 'test:client', limit: 1, windowMs: MINUTE },
      { key: 'test:email', limit: 10, windowMs: 10 * MINUTE },
    ];
    await takeHit(database.db, rules, now, 'Slow down.');
    await expect(takeHit(database.db, rules, now, 'Slow down.')).rejects.toMatchObject({
      message: 'Slow down.',
      headers: { 'Retry-After': '60' },
    });
    const counted = await countHits(database.db, rules, now);
    expect(counted.get('test:email')?.hits).toBe(3);
  });
});
