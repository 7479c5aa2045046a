/**
 * One backup file holds the whole association: every row of every table (images and mail
 * attachments live in the database, DESIGN §3d) plus each sequence's position, read in one
 * consistent snapshot while the server keeps selling. The file is gzip'd JSON lines:
 *
 *   {"format":"samaj-backup","formatVersion":1,"migration":"0001_image_store",...}  header
 *   {"s":"members_id_seq","v":42,"c":true}                                          a sequence
 *   {"t":"members","r":[{...row as JSON...}, ...]}                                   rows, in batches
 *   {"end":true,"rows":{"members":42,...}}                                          footer (a cut file fails)
 *
 * Rows travel as PostgreSQL's own JSON (row_to_json) and come back through
 * json_populate_recordset, so every type (bytea, jsonb, dates, arrays) round-trips exactly and
 * the same code serves PGlite and PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { once } from 'node:events';
import zlib from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { MIGRATIONS_DIR, type TDatabase } from '../db/client';
import { migrateTo, readJournal } from './migrations';

export const BACKUP_FORMAT = 'samaj-backup';
const FORMAT_VERSION = 1;
const BATCH_ROWS = 500;
/** A batch of rows is held in memory twice (as JSON and as objects): keep it to a few MB. */
const BATCH_BYTES = 8 * 1024 * 1024;
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

export interface TBackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  /** The last schema migration applied to the database backed up (its tag, e.g. 0001_image_store). */
  migration: string;
  source: 'pglite' | 'postgres';
  tables: string[];
}

export interface TBackupSummary {
  file: string;
  bytes: number;
  rows: Record<string, number>;
  migration: string;
  ms: number;
}

export class BackupError extends Error {}

/** Runs SQL on one connection; `rows` are plain objects. */
type TQuery = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Runs `work` on one connection inside a transaction opened with `begin`, committing or rolling back. */
async function withConnection<T>(
  database: TDatabase,
  begin: string,
  work: (query: TQuery) => Promise<T>,
): Promise<T> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    // PGlite has one connection: its transaction holds it, and requests queue (not fail) meanwhile.
    return (client as PGlite).transaction(async (tx) => {
      const query: TQuery = async (text, params) =>
        (await tx.query<Record<string, unknown>>(text, params)).rows;
      const mode = begin.replace(/^begin\s*/i, '');
      if (mode) await query(`set transaction ${mode}`);
      return work(query);
    });
  }
  const connection = await (client as pg.Pool).connect();
  try {
    const query: TQuery = async (text, params) =>
      (await connection.query(text, params as unknown[])).rows;
    await query(begin);
    try {
      const result = await work(query);
      await query('commit');
      return result;
    } catch (error) {
      await query('rollback').catch(() => undefined);
      throw error;
    }
  } finally {
    connection.release();
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function listTables(query: TQuery): Promise<string[]> {
  const rows = await query(
    `select c.relname as name from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
      order by c.relname`,
  );
  return rows.map((row) => String(row.name));
}

/** Tables ordered so that every table comes after the tables its foreign keys point at. */
async function tablesInLoadOrder(query: TQuery, tables: string[]): Promise<string[]> {
  const edges = await query(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const edge of edges) {
    const child = String(edge.child).replace(/^"|"$/g, '');
    const parent = String(edge.parent).replace(/^"|"$/g, '');
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table) && [...parents.get(table)!].every((p) => placed.has(p)),
    );
    if (ready.length === 0) throw new BackupError('The tables reference each other in a cycle.');
    for (const table of ready) {
      placed.add(table);
      ordered.push(table);
    }
  }
  return ordered;
}

async function lastMigration(query: TQuery): Promise<string> {
  const journal = readJournal(MIGRATIONS_DIR);
  const rows = await query(
    `select created_at from ${MIGRATIONS_TABLE} order by created_at desc limit 1`,
  ).catch(() => []);
  if (rows.length === 0)
    throw new BackupError('The database has no schema yet: nothing to back up.');
  const when = Number(rows[0].created_at);
  const entry = journal.find((item) => item.when === when);
  if (!entry) {
    throw new BackupError(
      'The database was migrated by a newer Samaj than this one; back it up with that version.',
    );
  }
  return entry.tag;
}

function writeText(stream: zlib.Gzip, text: string): Promise<void> | void {
  if (!stream.write(text)) return once(stream, 'drain').then(() => undefined);
}

function writeLine(stream: zlib.Gzip, value: unknown): Promise<void> | void {
  return writeText(stream, `${JSON.stringify(value)}\n`);
}

/**
 * Writes a backup of `database` to `file` (written beside it first, then renamed, so a file with
 * the final name is always whole). Reads in one REPEATABLE READ, READ ONLY snapshot: on PostgreSQL
 * sales go on meanwhile; on PGlite (one connection) requests wait until it is done.
 */
export async function writeBackup(
  database: TDatabase,
  file: string,
  appVersion: string,
): Promise<TBackupSummary> {
  const started = Date.now();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  // level 1: pictures hardly compress, and on PGlite requests wait while the backup reads
  const gzip = zlib.createGzip({ level: 1 });
  const out = fs.createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(out);
  const finished = once(out, 'close');
  try {
    const { rows, migration } = await withConnection(
      database,
      'begin isolation level repeatable read, read only',
      async (query) => {
        const migration = await lastMigration(query);
        const tables = await tablesInLoadOrder(query, await listTables(query));
        const header: TBackupHeader = {
          format: BACKUP_FORMAT,
          formatVersion: FORMAT_VERSION,
          appVersion,
          createdAt: new Date().toISOString(),
          migration,
          source: database.kind,
          tables,
        };
        await writeLine(gzip, header);
        const sequences = await query(
          `select c.relname as name from pg_class c
            where c.relnamespace = 'public'::regnamespace and c.relkind = 'S' order by 1`,
        );
        for (const { name } of sequences) {
          const [state] = await query(`select last_value, is_called from ${ident(String(name))}`);
          await writeLine(gzip, { s: name, v: String(state.last_value), c: state.is_called });
        }
        const counts: Record<string, number> = {};
        for (const table of tables) {
          counts[table] = 0;
          // pictures are large rows: size the batches by the table's widest row
          const [{ widest }] = await query(
            `select coalesce(max(pg_column_size(t.*)), 0)::int as widest from ${ident(table)} t`,
          );
          const size = Math.max(
            1,
            Math.min(BATCH_ROWS, Math.floor(BATCH_BYTES / (2 * Number(widest) + 1))),
          );
          // keyset pages in ctid order: stable inside the snapshot, never overlapping or skipping,
          // and each page reads only its own rows (a TID range scan)
          for (let after = '(0,0)'; ;) {
            // the page's row addresses first (cheap), then only those rows turned into JSON
            const page = await query(
              `select t.ctid::text as c from ${ident(table)} t
                where t.ctid > $1::tid order by t.ctid limit ${size}`,
              [after],
            );
            if (page.length === 0) break;
            const ctids = page.map((row) => String(row.c));
            const batch = await query(
              `select row_to_json(t)::text as j from ${ident(table)} t where t.ctid = any($1::tid[])`,
              [ctids],
            );
            counts[table] += batch.length;
            after = ctids[ctids.length - 1];
            // each row is already JSON: spliced in as text, never parsed and written again
            await writeText(
              gzip,
              `{"t":${JSON.stringify(table)},"r":[${batch.map((row) => String(row.j)).join(',')}]}\n`,
            );
            if (page.length < size) break;
          }
        }
        return { rows: counts, migration };
      },
    );
    await writeLine(gzip, { end: true, rows });
    gzip.end();
    await finished;
    fs.renameSync(partial, file);
    return {
      file,
      bytes: fs.statSync(file).size,
      rows,
      migration,
      ms: Date.now() - started,
    };
  } catch (error) {
    gzip.destroy();
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

async function* readLines(file: string): AsyncGenerator<Record<string, unknown>> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() !== '') yield JSON.parse(line) as Record<string, unknown>;
  }
}

export async function readBackupHeader(file: string): Promise<TBackupHeader> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  for await (const header of readLines(file)) {
    if (header.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a Samaj backup.`);
    if (header.formatVersion !== FORMAT_VERSION) {
      throw new BackupError(
        `${file} has backup format ${String(header.formatVersion)}, which this version cannot read.`,
      );
    }
    return header as unknown as TBackupHeader;
  }
  throw new BackupError(`${file} is empty.`);
}

/** True when the database holds no table of its own and no migration record. */
export async function isEmptyDatabase(database: TDatabase): Promise<boolean> {
  return withConnection(database, 'begin', async (query) => {
    const tables = await listTables(query);
    const [{ present }] = await query(
      `select to_regclass('${MIGRATIONS_TABLE}') is not null as present`,
    );
    return tables.length === 0 && !present;
  });
}

/** Empties a database completely (restore --force): the public schema and the migration record. */
export async function wipeDatabase(database: TDatabase): Promise<void> {
  await withConnection(database, 'begin', async (query) => {
    await query('drop schema if exists drizzle cascade');
    await query('drop schema if exists public cascade');
    await query('create schema public');
  });
}

/**
 * Restores `file` into an empty database: creates the schema the backup was made with, loads
 * every row and sequence in one transaction, then applies the migrations newer than the backup.
 */
export async function restoreBackup(
  database: TDatabase,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ header: TBackupHeader; rows: Record<string, number> }> {
  const header = await readBackupHeader(file);
  const journal = readJournal(MIGRATIONS_DIR);
  if (!journal.some((entry) => entry.tag === header.migration)) {
    throw new BackupError(
      `The backup was made by a newer Samaj (schema ${header.migration}); restore it with that version or newer.`,
    );
  }
  if (!(await isEmptyDatabase(database))) {
    if (!options.force) {
      throw new BackupError(
        'The target database is not empty; restore refuses to overwrite it (add --force to replace everything in it).',
      );
    }
    await wipeDatabase(database);
  }
  await migrateTo(database, header.migration);
  const rows = await withConnection(database, 'begin', async (query) => {
    const counts: Record<string, number> = {};
    const columns = new Map<string, string>();
    let ended = false;
    for await (const line of readLines(file)) {
      if ('format' in line) continue;
      if (typeof line.s === 'string') {
        await query(`select setval($1::regclass, $2::bigint, $3::boolean)`, [
          ident(line.s),
          line.v,
          line.c,
        ]);
      } else if (typeof line.t === 'string') {
        const table = line.t;
        if (!columns.has(table)) {
          const list = await query(
            `select attname from pg_attribute
              where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
              order by attnum`,
            [ident(table)],
          );
          columns.set(table, list.map((row) => ident(String(row.attname))).join(', '));
        }
        const names = columns.get(table)!;
        const batch = line.r as unknown[];
        await query(
          `insert into ${ident(table)} (${names}) overriding system value
           select ${names} from json_populate_recordset(null::${ident(table)}, $1::json)`,
          [JSON.stringify(batch)],
        );
        counts[table] = (counts[table] ?? 0) + batch.length;
      } else if (line.end === true) {
        const expected = line.rows as Record<string, number>;
        for (const [table, count] of Object.entries(expected)) {
          if ((counts[table] ?? 0) !== count) {
            throw new BackupError(
              `The backup is damaged: ${table} should hold ${count} rows, found ${counts[table] ?? 0}.`,
            );
          }
        }
        ended = true;
      }
    }
    if (!ended)
      throw new BackupError('The backup file is cut short (no end marker); nothing was restored.');
    await recountKeptCounters(query);
    return counts;
  });
  await migrateTo(database);
  return { header, rows };
}

/**
 * Counters the database keeps with triggers (an event's seats sold, migration 0018) arrive with
 * their rows, and the triggers counted every restored payment again: they are counted afresh.
 * A backup older than the counters has none; the migration that adds them counts them.
 */
async function recountKeptCounters(query: TQuery): Promise<void> {
  const [row] = await query(`select to_regprocedure('recount_seats_sold()') is not null as kept`);
  if (row?.kept) await query('select recount_seats_sold()');
}

/** The backup files in `dir`, newest first. */
export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => /^samaj-.*\.jsonl\.gz$/.test(name))
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
}

/** Deletes all but the newest `keep` backups in `dir`; returns the deleted files. */
export function pruneBackups(dir: string, keep: number): string[] {
  const stale = listBackups(dir).slice(keep);
  for (const file of stale) fs.rmSync(file, { force: true });
  return stale;
}

/** samaj-20261123-021500Z.jsonl.gz: names sort by time. */
export function backupFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `samaj-${stamp}Z.jsonl.gz`;
}
