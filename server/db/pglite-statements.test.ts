import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { prepareEveryQuery } from './pglite-statements';

const PARSE = 0x50; // the protocol's Parse message: a statement prepared

/** A PGlite with the prepared path, counting the statements it parses. */
async function preparedPglite(most?: number) {
  const client = await PGlite.create();
  const parsed: string[] = [];
  const stream = client.execProtocolStream.bind(client);
  client.execProtocolStream = (message, options) => {
    if (message[0] === PARSE) parsed.push(Buffer.from(message).toString('latin1'));
    return stream(message, options);
  };
  prepareEveryQuery(client, most);
  return { client, parsed };
}

const keptStatements = async (client: PGlite) =>
  (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements'))
    .rows[0].n;

describe('statements prepared once on the embedded database', () => {
  let client: PGlite;
  let parsed: string[];

  beforeAll(async () => {
    ({ client, parsed } = await preparedPglite());
  });
  beforeEach(async () => {
    await client.exec(`drop table if exists things; create table things (id int primary key,
      name text, tags jsonb, seen timestamptz, done boolean)`);
    parsed.length = 0;
  });
  afterAll(async () => {
    await client.close();
  });

  it('parses a repeated statement once and answers as PGlite itself would', async () => {
    const insert = 'insert into things values ($1, $2, $3, $4, $5) returning *';
    const values = [
      [1, 'a', { k: [1, 2] }, new Date('2026-11-27T10:00:00Z'), true],
      [2, null, null, null, false],
      [3, 'c', ['x'], '2026-01-01T00:00:00Z', null],
    ];
    const answers = [];
    for (const row of values) answers.push(await client.query(insert, row));
    expect(parsed.filter((message) => message.includes('insert into things'))).toHaveLength(1);

    const select = 'select * from things where id = any($1::int[]) order by id';
    const prepared = await client.query(select, [[1, 2, 3]]);
    const own = await client.query(select, [[1, 2, 3]], { paramTypes: [1007] }); // PGlite's path
    expect(prepared.rows).toEqual(own.rows);
    expect(prepared.fields).toEqual(own.fields);
    expect(answers.map((answer) => answer.rows[0])).toEqual(own.rows);
    expect(own.rows[0]).toMatchObject({ id: 1, tags: { k: [1, 2] }, done: true });
    expect(answers[0].affectedRows).toBe(1);

    const arrays = await client.query('select id, name from things order by id', [], {
      rowMode: 'array',
    });
    expect(arrays.rows).toEqual([
      [1, 'a'],
      [2, null],
      [3, 'c'],
    ]);
  });

  it('gives a database error its code and statement, and goes on working', async () => {
    const insert = 'insert into things (id) values ($1)';
    await client.query(insert, [1]);
    const duplicate = await client.query(insert, [1]).catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', query: insert, params: [1] });
    const badSyntax = await client.query('selec 1').catch((error: unknown) => error);
    expect(badSyntax).toMatchObject({ code: '42601' });
    expect((await client.query('select count(*)::int as n from things')).rows).toEqual([{ n: 1 }]);
  });

  it('runs inside transactions, and a failed one is rolled back whole', async () => {
    const insert = 'insert into things (id, name) values ($1, $2)';
    await client.transaction(async (tx) => {
      await tx.query(insert, [1, 'kept']);
      await tx.query(insert, [2, 'kept']);
    });
    const failed = await client
      .transaction(async (tx) => {
        await tx.query(insert, [3, 'lost']);
        await tx.query(insert, [1, 'duplicate']);
      })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: '23505' });
    const names = await client.query('select id, name from things order by id');
    expect(names.rows).toEqual([
      { id: 1, name: 'kept' },
      { id: 2, name: 'kept' },
    ]);
    expect(parsed.filter((message) => message.includes('insert into things'))).toHaveLength(1);
  });

  it('reads a table whose columns changed since its statement was prepared', async () => {
    await client.query('insert into things (id, name) values (1, $1)', ['a']);
    const select = 'select * from things';
    expect(Object.keys((await client.query(select)).rows[0] as object)).toHaveLength(5);
    await client.exec('alter table things add column extra int default 7');
    expect((await client.query(select)).rows[0]).toMatchObject({ id: 1, extra: 7 });
  });

  it('works under Drizzle, in and out of transactions', async () => {
    const things = pgTable('things', {
      id: integer('id').primaryKey(),
      name: text('name'),
      tags: jsonb('tags'),
      seen: timestamp('seen', { withTimezone: true }),
    });
    const db = drizzle({ client });
    const seen = new Date('2026-11-27T10:00:00.000Z');
    await db.transaction(async (tx) => {
      for (const id of [1, 2, 3]) await tx.insert(things).values({ id, name: `n${id}`, seen });
    });
    await db
      .update(things)
      .set({ tags: { a: 1 } })
      .where(eq(things.id, 2));
    const [two] = await db.select().from(things).where(eq(things.id, 2));
    expect(two).toEqual({ id: 2, name: 'n2', tags: { a: 1 }, seen });
    const counted = await db.execute(sql`select count(*)::int as n from ${things}`);
    expect(counted.rows).toEqual([{ n: 3 }]);
  });
});

describe('the number of statements kept', () => {
  it('closes the least recently used past the most, and prepares it again when it returns', async () => {
    const { client, parsed } = await preparedPglite(3);
    try {
      const statements = ['select 1 as n', 'select 2 as n', 'select 3 as n', 'select 4 as n'];
      for (const text of statements) await client.query(text);
      expect(await keptStatements(client)).toBeLessThanOrEqual(3);
      expect((await client.query(statements[0])).rows).toEqual([{ n: 1 }]);
      expect(parsed.filter((message) => message.includes('select 1 as n'))).toHaveLength(2);
      expect(await keptStatements(client)).toBeLessThanOrEqual(3);
    } finally {
      await client.close();
    }
  });
});
