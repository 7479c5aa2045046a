import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('the embedded database lock', () => {
  it('refuses a second server on the same data directory with a clear message', () => {
    const dir = tempDir();
    // A live process other than this one holds the lock: the test runner's parent.
    fs.writeFileSync(path.join(dir, 'samaj.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Samaj server/);
  });

  it('recovers a stale lock left by a killed process', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'samaj.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'samaj.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'samaj.lock'))).toBe(false);
  });
});
