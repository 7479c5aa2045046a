import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gatheredLog } from './log-destination';

let dir: string;
let file: string;
/** The streams a test opened, ended after it. */
const opened: Array<{ end(): void }> = [];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-log-'));
  file = path.join(dir, 'server.log');
});
afterEach(() => {
  for (const stream of opened.splice(0)) stream.end();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** As the server's standard output is: a descriptor open from the start. */
function loggerTo(name: string) {
  const { stream, hooks } = gatheredLog(fs.openSync(name, 'a'));
  opened.push(stream);
  return pino({ hooks }, stream);
}

const linesIn = (name: string) =>
  fs.existsSync(name) ? fs.readFileSync(name, 'utf8').split('\n').filter(Boolean) : [];

/** The messages of the lines written to `name` so far. */
const messagesIn = (name: string): string[] =>
  linesIn(name).map((line) => (JSON.parse(line) as { msg: string }).msg);

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the server log, gathered before it is written', () => {
  it('keeps a few lines until a second has passed, then writes them all', async () => {
    const log = loggerTo(file);
    log.info('first request');
    log.info('second request');
    await settle(200);
    expect(linesIn(file)).toEqual([]);
    await settle(1200);
    expect(messagesIn(file)).toEqual(['first request', 'second request']);
  });

  it('writes a warning, and the lines gathered before it, at once', async () => {
    const log = loggerTo(file);
    log.info('a request');
    log.warn('the database is slow');
    await settle(100);
    expect(messagesIn(file)).toEqual(['a request', 'the database is slow']);
  });

  it("answers the logger's flush, with what was gathered written out", async () => {
    const log = loggerTo(file);
    log.info('a request');
    await new Promise<void>((resolve, reject) =>
      log.flush((error) => (error ? reject(error) : resolve())),
    );
    await settle(100);
    expect(messagesIn(file)).toEqual(['a request']);
  });

  it('writes a full buffer without waiting', async () => {
    const log = loggerTo(file);
    // Past the 16 KB that are gathered: 400 lines of about 80 characters
    for (let i = 0; i < 400; i += 1) log.info({ request: i }, 'request completed');
    await settle(100);
    expect(linesIn(file).length).toBeGreaterThan(100);
  });

  it('writes what is still gathered when the process exits', async () => {
    const script = [
      "const pino = require('pino');",
      `const { gatheredLog } = require(${JSON.stringify(path.resolve(import.meta.dirname, 'log-destination.ts'))});`,
      `const { stream, hooks } = gatheredLog(require('node:fs').openSync(${JSON.stringify(file)}, 'a'));`,
      "pino({ hooks }, stream).info('the last request');",
      'process.exit(0);',
    ].join('\n');
    await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '..', '..'),
    });
    expect(messagesIn(file)).toEqual(['the last request']);
  });
});
