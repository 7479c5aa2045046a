// `npm start`: builds the web app and the server once (again only when their sources are newer than
// the build), then runs the server as plain JavaScript (dist-server/main.js), no loader.
// `npm start -- --check`: runs `npm run doctor` instead (checks the settings, starts nothing).
import { buildIfStale } from './build.mjs';

if (process.argv.includes('--check')) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../server/ops/doctor.ts');
  process.exit();
}

await buildIfStale();
await import('../dist-server/main.js');
