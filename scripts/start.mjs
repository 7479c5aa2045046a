// `npm start`: builds the web app when its sources changed since the last build, then runs the server.
// `npm start -- --check`: runs `npm run doctor` instead (checks the settings, starts nothing).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist', '.build-stamp');
const inputs = ['web', 'domain', 'vite.config.ts', 'package-lock.json', 'package.json'];

function hashTree(target, hash) {
  const stat = fs.statSync(target);
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(target).sort()) hashTree(path.join(target, entry), hash);
  } else {
    hash.update(path.relative(root, target));
    hash.update(fs.readFileSync(target));
  }
}

function sourceHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const target = path.join(root, input);
    if (fs.existsSync(target)) hashTree(target, hash);
  }
  return hash.digest('hex');
}

if (process.argv.includes('--check')) {
  register();
  await import('../server/ops/doctor.ts');
  process.exit();
}

const wanted = sourceHash();
const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
if (built !== wanted || !fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.log('samaj: building the web app (only when its sources change)…');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  fs.writeFileSync(stampFile, wanted);
}

register();
await import('../server/main.ts');
