import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../ops/test-processes';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  children.splice(0).forEach((child) => child.kill('SIGKILL'));
  dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

/** Another process that takes the lock on `dir` and holds it until killed. */
async function holderProcess(dir: string): Promise<ChildProcess> {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(path.resolve('server/db/data-dir-lock.ts'))});
    await lockDataDir(process.argv[1]);
    console.log('locked');
    setInterval(() => {}, 1000);`;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script, dir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  return child;
}

describe('the embedded database lock', () => {
  it('starts when samaj.lock names a live process that is not a Samaj server (a reused PID)', async () => {
    const dir = tempDir();
    // The test runner's parent is alive, as a reused PID would be after a kill -9.
    fs.writeFileSync(path.join(dir, 'samaj.lock'), String(process.ppid));
    const release = await lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'samaj.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'samaj.lock'))).toBe(false);
  });

  it('refuses a second holder while the first lives, with a clear message', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(
      `in use by another Samaj server (pid ${process.pid})`,
    );
    release();
    (await lockDataDir(dir))();
  });

  it('refuses while another process holds it, and is free the moment that process is killed -9', async () => {
    const dir = tempDir();
    const holder = await holderProcess(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another Samaj server/);
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    // The dead holder's PID is still in samaj.lock; the operating system has dropped its lock.
    expect(fs.readFileSync(path.join(dir, 'samaj.lock'), 'utf8')).toBe(String(holder.pid));
    const release = await lockDataDir(dir);
    release();
  });
});

describe('two real servers on one data directory', () => {
  function startServer(dir: string, port: number): ChildProcess {
    // The embedded database: the lock guards nothing else.
    const { DATABASE_URL: _postgres, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...env,
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    return child;
  }
  const output = (child: ChildProcess, stream: 'stdout' | 'stderr') => {
    let text = '';
    child[stream]!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    return () => text;
  };

  it('refuses the second one with one line, while the first keeps running', async () => {
    const dir = tempDir();
    const first = startServer(dir, await freePort());
    const firstOut = output(first, 'stdout');
    await expect.poll(firstOut, { timeout: 60_000, interval: 200 }).toContain('Samaj is running');
    const second = startServer(dir, await freePort());
    const secondErr = output(second, 'stderr');
    const code = await new Promise((resolve) => second.once('exit', resolve));
    expect(code).toBe(1);
    expect(secondErr()).toContain(`in use by another Samaj server (pid ${first.pid})`);
    expect(first.exitCode).toBeNull();
  }, 90_000);
});
