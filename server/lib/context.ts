import type { TConfig } from '../config';
import type { TDatabase, TDb } from '../db/client';
import type { TClock } from './clock';

/** What every service needs, built once per app and handed to services explicitly. */
export interface TAppContext {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  clock: TClock;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: TAppContext;
  }
}
