/**
 * The mails the test server wrote: without SMTP_URL the outbox writes one .eml file per mail
 * under DATA_DIR/mail (named by time, so they sort oldest first). Journeys read them back the way
 * a person reads their inbox: the newest mail that matches, polled until the outbox has sent it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

interface TMailFilter {
  /** Only mails written at or after this time (ms since the epoch). */
  since?: number;
  timeoutMs?: number;
}

/** The mail files written since `since`, newest first, with quoted-printable escapes undone. */
function writtenMails(since: number): string[] {
  const mailDir = path.join(inject('dataDir'), 'mail');
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => path.join(mailDir, name))
    .filter((file) => since === 0 || fs.statSync(file).mtimeMs >= since)
    .sort()
    .reverse()
    .map((file) =>
      fs
        .readFileSync(file, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
}

/** What `find` answers for the newest mail it answers anything for, waiting up to the timeout. */
async function firstFound(
  find: (text: string) => string | null,
  what: string,
  { since = 0, timeoutMs = 20_000 }: TMailFilter,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const text of writtenMails(since)) {
      const found = find(text);
      if (found !== null) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`No ${what} within ${timeoutMs} ms.`);
}

/** The whole text of the newest mail that contains `marker`. */
export function mailWith(marker: string, filter: TMailFilter = {}): Promise<string> {
  return firstFound((text) => (text.includes(marker) ? text : null), `mail with ${marker}`, filter);
}

/** The first link matching `pattern` in the newest mail to `to` that has one. */
export function linkMailedTo(
  to: string,
  pattern: RegExp,
  filter: TMailFilter = {},
): Promise<string> {
  const addressedTo = new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi');
  return firstFound(
    (text) => (addressedTo.test(text) ? (pattern.exec(text)?.[0] ?? null) : null),
    `mail to ${to} with ${String(pattern)}`,
    filter,
  );
}
