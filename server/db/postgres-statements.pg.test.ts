/**
 * Statements prepared once per pooled connection on a real PostgreSQL (server/db/postgres-statements.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Writable } from 'node:stream';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresPoolOf, type TDatabase } from './client';
import { rowsOf } from './rows';
import { members } from './schema';
import { createTestDatabase } from '../test/test-database';

let database: TDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  expect(database.kind).toBe('postgres');
});
afterAll(async () => {
  await database.close();
});

/** The statements this session's connection keeps, named by text. */
async function keptHere(tx: Pick<TDatabase['db'], 'execute'>): Promise<string[]> {
  const rows = rowsOf<{ statement: string }>(
    await tx.execute(sql`select statement from pg_prepared_statements where not from_sql`),
  );
  return rows.map((row) => row.statement);
}

/** A pooled connection whose writes to its socket are counted, each by its chunks. */
async function countingWrites(): Promise<{ client: pg.PoolClient; writes: number[] }> {
  const pool = postgresPoolOf(database);
  const client = await pool.connect();
  const socket = (client as unknown as { connection: { stream: Writable } }).connection.stream;
  const writes: number[] = [];
  const writev = socket._writev?.bind(socket);
  const write = socket._write.bind(socket);
  socket._writev = (chunks, done) => (writes.push(chunks.length), writev?.(chunks, done));
  socket._write = (chunk, encoding, done) => (writes.push(1), write(chunk, encoding, done));
  return { client, writes };
}

describe('statements on PostgreSQL', () => {
  it('prepares a repeated statement once on a connection and answers the same', async () => {
    const byId = (tx: Pick<TDatabase['db'], 'select'>, id: number) =>
      tx.select({ id: members.id }).from(members).where(eq(members.id, id));
    await database.db.transaction(async (tx) => {
      expect(await byId(tx, -1)).toEqual([]);
      expect(await byId(tx, -2)).toEqual([]);
      const kept = (await keptHere(tx)).filter((text) => text.includes('"members"."id" ='));
      expect(kept).toHaveLength(1);
    });
  });

  it('gives errors as before and prepares a statement again after its table changed', async () => {
    await database.db.execute(sql`create table reshaped (id int primary key)`);
    const insert = (id: number) => database.db.execute(sql`insert into reshaped values (${id})`);
    const everything = () => database.db.execute(sql`select * from reshaped`);
    await insert(1);
    await expect(insert(1)).rejects.toMatchObject({ cause: { code: '23505' } });
    // Every connection of the pool prepares the select before the table changes
    await Promise.all(Array.from({ length: 8 }, everything));
    await database.db.execute(sql`alter table reshaped add column extra int default 7`);
    const answers = await Promise.allSettled(Array.from({ length: 8 }, everything));
    // A connection may answer once with PostgreSQL's refusal; the statement is renamed then
    const after = await everything();
    expect(rowsOf(after)).toEqual([{ id: 1, extra: 7 }]);
    expect(answers.some((answer) => answer.status === 'fulfilled')).toBe(true);
  });

  it("answers a transaction's BEGIN at once, and its answer with the next statement's", async () => {
    const pool = postgresPoolOf(database);
    const client = await pool.connect();
    try {
      const answered: string[] = [];
      // A statement still running on the connection: what is written behind it waits for it
      const slow = client.query('select pg_sleep(0.3)').then(() => answered.push('slow'));
      await client.query({ text: 'begin' }).then(() => answered.push('begin'));
      expect(answered).toEqual(['begin']);
      const own = await client.query({ text: 'select 1 as one' });
      expect(answered).toEqual(['begin', 'slow']);
      expect(own.rows).toEqual([{ one: 1 }]);
      await client.query({ text: 'rollback' });
      await slow;
    } finally {
      client.release(true); // closed, whatever state a failure left it in
    }
  });

  it("writes a transaction's BEGIN to the socket with its next statement, in one write", async () => {
    const { client, writes } = await countingWrites();
    try {
      await client.query({ text: 'begin' });
      expect(writes).toEqual([]);
      await client.query({ text: 'select 1 as one' });
      await client.query({ text: 'rollback' });
      expect(writes).toHaveLength(2); // BEGIN with the select, then the rollback

      // A BEGIN that nothing follows within its turn of the event loop goes out on its own
      writes.length = 0;
      await client.query({ text: 'begin' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(writes).toHaveLength(1);
      await client.query({ text: 'rollback' });
    } finally {
      client.release(true);
    }
  });

  it('writes the statements asked for in one turn in one write, and answers each its own', async () => {
    const { client, writes } = await countingWrites();
    try {
      const answers = await Promise.all([
        client.query({ text: 'select 1 as n' }),
        client.query({ text: 'select 2 as n' }),
        client.query({ text: 'select 3 as n' }),
      ]);
      expect(answers.map((answer) => answer.rows)).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
      expect(writes).toHaveLength(1);
      // One asked for once the others' answers came is a write of its own
      await client.query({ text: 'select 4 as n' });
      expect(writes).toHaveLength(2);
    } finally {
      client.release(true);
    }
  });

  it("gives the transaction's first statement its own error, and its connection goes on", async () => {
    await database.db.execute(sql`create table first_fails (id int primary key)`);
    await database.db.execute(sql`insert into first_fails values (1)`);
    const failing = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into first_fails values (1)`);
    });
    await expect(failing).rejects.toMatchObject({ cause: { code: '23505' } });
    const rows = await database.db.transaction(async (tx) =>
      rowsOf(await tx.execute(sql`select count(*)::int as n from first_fails`)),
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
