/**
 * `npm run bench`: runs every bench/*-bench.ts one after another (or the ones named), each in a
 * process of its own, prints a summary and exits non-zero when any failed or passed its budget.
 *
 *   npm run bench                                   # all, on PGlite
 *   DATABASE_URL=postgres://... npm run bench       # all, on PGlite, then PostgreSQL
 *   npm run bench -- event-list member-list         # only these (name or file)
 *
 * The benchmarks pin their servers to one core and their load to the other; run them on a
 * quiet machine, one at a time, as this does.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const DIR = import.meta.dirname;

function benchFiles(names: string[]): string[] {
  const all = fs
    .readdirSync(DIR)
    .filter((file) => file.endsWith('-bench.ts'))
    .sort();
  if (names.length === 0) return all;
  return names.map((name) => {
    const file = name.endsWith('.ts')
      ? path.basename(name)
      : `${name.replace(/-bench$/, '')}-bench.ts`;
    if (!all.includes(file)) {
      console.error(`bench: no such benchmark "${name}" (have: ${all.join(', ')})`);
      process.exit(2);
    }
    return file;
  });
}

function runOne(file: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(DIR, file)], {
      stdio: 'inherit',
      env: process.env,
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const files = benchFiles(process.argv.slice(2));
const summary: Array<{ benchmark: string; result: string; seconds: string }> = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = performance.now();
  const code = await runOne(file);
  summary.push({
    benchmark: file,
    result: code === 0 ? 'ok' : `FAILED (exit ${code})`,
    seconds: ((performance.now() - started) / 1000).toFixed(0),
  });
}
console.log('\n=== summary ===');
console.table(summary);
const failed = summary.filter((row) => row.result !== 'ok').length;
console.log(`${summary.length - failed} passed, ${failed} failed`);
if (failed > 0) process.exitCode = 1;
