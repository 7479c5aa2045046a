import fs from 'node:fs';
import path from 'node:path';

/** The app version, from package.json: shown by /api/health and the docs. */
export const APP_VERSION: string = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '..', 'package.json'), 'utf8'),
).version;
