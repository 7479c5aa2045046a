import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(__dirname, '..');
const DISPLAY_FORMATTERS = /import\s*{([^}]*)}\s*from\s*'[./]*domain\/(dates|money|phone)'/g;
const LANGUAGE_BLIND =
  /\bformat(ReceiptDateTime|LogDateTime|CalendarDate|TableDate|ClockTime|Money|Number|Phone)\b/;

const LANGUAGE_OWNERS = [path.join('lib', 'format.ts'), path.join('i18n', 'translator.ts')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('display formatting in the browser', () => {
  it('takes every date, money, number and phone formatter from web/lib/format.ts', () => {
    const offenders = sourceFiles(WEB)
      // The translator gives its own language (web/lib/format.ts reads the language from it)
      .filter((file) => !LANGUAGE_OWNERS.some((owner) => file.endsWith(owner)))
      .filter((file) =>
        [...readFileSync(file, 'utf8').matchAll(DISPLAY_FORMATTERS)].some((match) =>
          LANGUAGE_BLIND.test(match[1] ?? ''),
        ),
      )
      .map((file) => path.relative(WEB, file));
    expect(offenders).toEqual([]);
  });
});
