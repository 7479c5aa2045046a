import type { TConfig } from '../config';
import type { TDatabase, TDb } from '../db/client';
import type { TClock } from './clock';

/** What every service needs, built once per app and handed to services explicitly. */
export interface TAppContext {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  clock: TClock;
  /** Asks the mail worker to send soon; call after the transaction that enqueued a mail committed. */
  kickMail(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: TAppContext;
  }
}
