import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migrateDatabase, openPglite, openPostgres } from '../db/client';

/**
 * Builds the migrated database once per run (PITFALLS #5): a PGlite dump each test file loads,
 * or, with DATABASE_URL, a PostgreSQL template database each test file copies.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = `samaj_tpl_${process.pid}_${Date.now()}`;
    await adminQuery(databaseUrl, `create database ${template}`);
    const database = await openPostgres(withDatabase(databaseUrl, template), 2);
    await migrateDatabase(database);
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      await adminQuery(databaseUrl, `drop database if exists ${template} with (force)`);
    };
  }
  const dir = path.resolve('.test-data');
  fs.mkdirSync(dir, { recursive: true });
  const database = await openPglite({});
  await migrateDatabase(database);
  const dump = await (
    database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }
  ).$client.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, `template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  return () => fs.rmSync(file, { force: true });
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteDump?: string;
  }
}
