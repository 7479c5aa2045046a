// Builds what `npm start` runs: the web app (vite, into dist/) and the server as plain JavaScript
// (esbuild, server/main.ts bundled into dist-server/main.js with every package left external).
// `npm run build` builds both; `npm start` calls buildIfStale(), which rebuilds only what is
// missing or older than its sources, found by file modification times (a walk of the source
// folders, milliseconds), not by hashing every file.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const shared = ['domain', 'package.json', 'package-lock.json', 'scripts/build.mjs'];

const targets = {
  web: {
    output: path.join(root, 'dist', 'index.html'),
    stamp: path.join(root, 'dist', '.build-stamp'),
    inputs: ['web', 'vite.config.ts', ...shared],
    build: buildWeb,
  },
  server: {
    output: path.join(root, 'dist-server', 'main.js'),
    stamp: path.join(root, 'dist-server', '.build-stamp'),
    inputs: ['server', ...shared],
    build: buildServer,
  },
};

/** The newest modification time under `target`, tests left out (they are not part of a build). */
function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows as a newer folder
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.isFile() && /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function isStale({ output, stamp, inputs }) {
  if (!fs.existsSync(output) || !fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

/** Written before the build starts: a source saved during the build makes the next start rebuild. */
function stampNow() {
  return new Date();
}

function writeStamp(stamp, startedAt) {
  fs.writeFileSync(stamp, `built ${startedAt.toISOString()}\n`);
  fs.utimesSync(stamp, startedAt, startedAt);
}

export function buildWeb() {
  const startedAt = stampNow();
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    // Always the production bundle: under a test runner NODE_ENV=test made vite build React's
    // development code (60 KB more), and the stamp would have kept it for `npm start`.
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  writeStamp(targets.web.stamp, startedAt);
}

/**
 * The bundle lives in dist-server/, but the server finds files beside its sources at run time
 * (server/db/migrations, package.json, dist/): each `import.meta.dirname` is rewritten to the
 * source file's own folder, relative to the bundle, so the built tree can move with the checkout.
 */
function sourceDirname(outDir) {
  return {
    name: 'source-dirname',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await fs.promises.readFile(args.path, 'utf8');
        if (!source.includes('import.meta.dirname')) return { contents: source, loader: 'ts' };
        const relative = path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/');
        const dirname = `(import.meta.dirname + ${JSON.stringify('/' + relative)})`;
        return { contents: source.replaceAll('import.meta.dirname', dirname), loader: 'ts' };
      });
    },
  };
}

/**
 * Bundles `entryPoints` (paths from the root) into `outDir` as plain JavaScript, each package left
 * external, the files of earlier builds removed.
 */
async function bundleScripts(entryPoints, outDir) {
  const { build } = await import('esbuild');
  fs.mkdirSync(outDir, { recursive: true });
  const result = await build({
    entryPoints: entryPoints.map((entry) => path.join(root, entry)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    write: false,
    outdir: outDir,
    splitting: true,
    // Beside the entries: each rewritten import.meta.dirname is relative to outDir itself
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    plugins: [sourceDirname(outDir)],
  });
  // Written under temporary names and renamed: a server starting meanwhile reads a whole file.
  // Chunks of earlier builds are removed (their names carry their content's hash).
  const written = new Set(result.outputFiles.map((file) => file.path));
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  for (const name of fs.readdirSync(outDir)) {
    const file = path.join(outDir, name);
    if (/\.js(\.map)?$/.test(name) && !written.has(file)) fs.rmSync(file, { force: true });
  }
}

export async function buildServer() {
  const startedAt = stampNow();
  await bundleScripts(['server/main.ts'], path.join(root, 'dist-server'));
  writeStamp(targets.server.stamp, startedAt);
}

/**
 * The processes a benchmark starts (bench/http-kit.ts), built as `npm start` builds the server, so
 * that what is measured runs as plain JavaScript without a loader, as in production. `scripts`
 * must name all of them: a build removes the files it did not write.
 */
export const BENCH_BUILD_DIR = path.join(root, '.bench-build');
export async function buildBenchProcesses(scripts) {
  await bundleScripts(
    scripts.map((script) => path.join('bench', script)),
    BENCH_BUILD_DIR,
  );
}

/** Builds the web app and the server when missing or older than their sources; true if it built. */
export async function buildIfStale() {
  let built = false;
  for (const [name, target] of Object.entries(targets)) {
    if (!isStale(target)) continue;
    console.log(
      `samaj: building the ${name === 'web' ? 'web app' : 'server'} (only when its sources change)…`,
    );
    await target.build();
    built = true;
  }
  return built;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  buildWeb();
  await buildServer();
}
