/**
 * PGlite lets one process open its data directory, and the running server holds it. So
 * `npm run backup` asks the server to write the backup: it drops a request file in
 * DATA_DIR/backup-requests/ and sends the server SIGUSR2; the server writes each requested
 * backup and answers in a `.done` file beside the request. Only someone who can write the data
 * directory and signal the server's process (its owner, or root) can ask.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TDatabase } from '../db/client';
import { writeBackup, type TBackupSummary } from './backup';

export const REQUESTS_DIR = 'backup-requests';

export interface TBackupRequest {
  file: string;
}

export type TBackupAnswer = { ok: true; summary: TBackupSummary } | { ok: false; error: string };

export function requestsDir(dataDir: string): string {
  return path.join(dataDir, REQUESTS_DIR);
}

/** Writes every pending request's backup; returns how many were answered. */
export async function answerBackupRequests(
  dataDir: string,
  database: TDatabase,
  appVersion: string,
): Promise<number> {
  const dir = requestsDir(dataDir);
  if (!fs.existsSync(dir)) return 0;
  let answered = 0;
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.request.json'))) {
    const requestFile = path.join(dir, name);
    const doneFile = requestFile.replace(/\.request\.json$/, '.done.json');
    let answer: TBackupAnswer;
    try {
      const request = JSON.parse(fs.readFileSync(requestFile, 'utf8')) as TBackupRequest;
      if (typeof request.file !== 'string' || !path.isAbsolute(request.file)) {
        throw new Error('the request names no absolute backup file');
      }
      answer = { ok: true, summary: await writeBackup(database, request.file, appVersion) };
    } catch (error) {
      answer = { ok: false, error: (error as Error).message };
    }
    fs.writeFileSync(`${doneFile}.tmp`, JSON.stringify(answer));
    fs.renameSync(`${doneFile}.tmp`, doneFile);
    fs.rmSync(requestFile, { force: true });
    answered++;
  }
  return answered;
}

/** The server side: SIGUSR2 answers the pending requests. Returns the remover. */
export function listenForBackupRequests(
  dataDir: string,
  database: TDatabase,
  appVersion: string,
  log: { error(details: object, message: string): void },
): () => void {
  let busy = Promise.resolve();
  const onSignal = () => {
    busy = busy
      .then(() => answerBackupRequests(dataDir, database, appVersion))
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, 'backup request failed'));
  };
  process.on('SIGUSR2', onSignal);
  return () => process.off('SIGUSR2', onSignal);
}

/** The command side: asks the server holding `dataDir` (pid `pid`) for a backup and waits. */
export async function requestBackup(
  dataDir: string,
  pid: number,
  file: string,
  timeoutMs = 10 * 60_000,
): Promise<TBackupSummary> {
  const dir = requestsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = `${Date.now()}-${process.pid}`;
  const requestFile = path.join(dir, `${id}.request.json`);
  const doneFile = path.join(dir, `${id}.done.json`);
  fs.writeFileSync(requestFile, JSON.stringify({ file } satisfies TBackupRequest));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(doneFile)) {
      const answer = JSON.parse(fs.readFileSync(doneFile, 'utf8')) as TBackupAnswer;
      fs.rmSync(doneFile, { force: true });
      if (!answer.ok) throw new Error(`the server could not write the backup: ${answer.error}`);
      return answer.summary;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  fs.rmSync(requestFile, { force: true });
  throw new Error(`the server (pid ${pid}) did not answer within ${timeoutMs / 1000} s`);
}
