import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDate, toCalendarDate } from '../../../domain/dates';
import { formatPhone } from '../../../domain/phone';
import { members } from '../../db/schema';
import { inspectPdf } from '../../test/pdf-inspect';
import { bearer, tokenOf } from '../auth/auth-test-kit';
import { isInForce } from './members.presenter';
import { openMembersFixture, type TMembersFixture } from './members-test-kit';

let f: TMembersFixture;
let superUser: string;
let today: string;

const SPECIAL = [
  {
    firstName: '=HYPERLINK("http://evil.example","x")',
    lastName: 'Formula',
    email: 'formula@example.net',
  },
  { firstName: '+Plus', lastName: '-Minus', email: '@at@example.net' },
  { firstName: 'ગુજરાતી', lastName: 'પટેલ', email: 'gujarati@example.net' },
  { firstName: 'देवनागरी', lastName: 'शर्मा', email: 'hindi@example.net' },
  { firstName: '伟', lastName: '张', email: 'chinese@example.net' },
  { firstName: 'はなこ', lastName: '山田', email: 'japanese@example.net' },
  { firstName: 'José', lastName: 'Dvořák-Müller', email: 'latin@example.net' },
];

beforeAll(async () => {
  f = await openMembersFixture();
  superUser = await tokenOf(f.t, 'super');
  today = toCalendarDate(f.t.clock.now(), f.t.config.timeZone);
  await f.t.database.db.insert(members).values(
    SPECIAL.map((member, index) => ({
      ...member,
      passwordHash: 'x',
      contactPhone: `31255501${String(index).padStart(2, '0')}`,
      isActive: index % 2 === 0,
      validityFrom: '2024-01-01',
      validityTo: '2099-12-31',
      dateOfBirth: '1980-02-29',
    })),
  );
});
afterAll(async () => {
  await f.t.close();
});

/** RFC 4180 records: quoted cells with doubled quotes, CRLF between records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  f.t.app.inject({ method: 'GET', url, headers });

async function linkFor(path: string, token: string) {
  const response = await f.t.app.inject({
    method: 'POST',
    url: '/api/downloads',
    headers: bearer(token),
    payload: { path },
  });
  return response;
}

const EXPORTS = ['/api/pdf', '/api/csv', '/api/csv/active', '/api/csv/inactive'];

describe('who may export members', () => {
  it.each(EXPORTS)('%s refuses temporary admins, members and anonymous callers', async (url) => {
    expect((await get(url, bearer(f.temp))).statusCode).toBe(403);
    expect((await get(url, bearer(f.member))).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(`${url}?link=forged-token`)).statusCode).toBe(401);
  });

  it('gives no download link to a temporary admin or a member', async () => {
    expect((await linkFor('/api/csv', f.temp)).statusCode).toBe(403);
    expect((await linkFor('/api/pdf', f.member)).statusCode).toBe(403);
  });

  it('opens with a single-use link once, and never again', async () => {
    const link = await linkFor('/api/csv/active', f.admin);
    expect(link.statusCode).toBe(200);
    const { url } = link.json() as { url: string };
    expect(url).toMatch(/^\/api\/csv\/active\?link=/);
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const again = await get(url);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(
      'This download link has expired or was already used. Please download again.',
    );
    // A link is for its own path only
    const other = (await linkFor('/api/csv', superUser)).json() as { url: string };
    expect((await get(other.url.replace('/api/csv?', '/api/csv/inactive?'))).statusCode).toBe(401);
  });
});

describe('the member spreadsheet', () => {
  it('lists every member with headings, formatted phones and dates, and neutralised formulas', async () => {
    const response = await get('/api/csv', bearer(superUser));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="members-${today}.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(response.rawPayload.subarray(3).toString('utf8'));
    const [{ total }] = await f.t.database.db.select({ total: count() }).from(members);
    expect(rows).toHaveLength(total + 1);
    expect(rows[0]).toEqual([
      'Family ID',
      'First name',
      'Last name',
      'Membership type',
      'Email',
      'Phone',
      'Street',
      'City',
      'State',
      'ZIP code',
      'Date of birth',
      'Valid from',
      'Valid until',
      'Active',
      'Gift',
    ]);
    const byEmail = new Map(rows.slice(1).map((row) => [row[4], row]));
    const formula = byEmail.get('formula@example.net');
    expect(formula?.[1]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    const plus = byEmail.get(`'@at@example.net`);
    expect(plus?.slice(1, 3)).toEqual(["'+Plus", "'-Minus"]);
    const gujarati = byEmail.get('gujarati@example.net');
    expect(gujarati?.slice(1, 3)).toEqual(['ગુજરાતી', 'પટેલ']);
    expect(gujarati?.[5]).toBe('(312) 555-0102');
    expect(gujarati?.slice(10, 13)).toEqual(['Feb 29, 1980', 'Jan 1, 2024', 'Dec 31, 2099']);
    expect(gujarati?.[13]).toBe('Yes');
    expect(byEmail.get('hindi@example.net')?.[13]).toBe('No');
    // Every row's phone is shown as the list shows it
    const stored = await f.t.database.db.select().from(members);
    for (const member of stored) {
      const row = byEmail.get(member.email.startsWith('@') ? `'${member.email}` : member.email);
      expect(row?.[5]).toBe(formatPhone(member.contactPhone));
      expect(row?.[12]).toBe(formatCalendarDate(member.validityTo));
    }
  });

  it('splits active and inactive members by who is in force today', async () => {
    const stored = await f.t.database.db.select().from(members);
    const activeCount = stored.filter((member) => isInForce(member, today)).length;
    const active = parseCsv((await get('/api/csv/active', bearer(f.admin))).body.slice(1));
    const inactive = parseCsv((await get('/api/csv/inactive', bearer(f.admin))).body.slice(1));
    expect(active.length - 1).toBe(activeCount);
    expect(inactive.length - 1).toBe(stored.length - activeCount);
    expect(active.slice(1).every((row) => row[13] === 'Yes')).toBe(true);
    expect(inactive.slice(1).every((row) => row[13] === 'No')).toBe(true);
  });

  it('writes the headings in the language asked for', async () => {
    const byParam = parseCsv((await get('/api/csv?lang=fr', bearer(f.admin))).body.slice(1));
    expect(byParam[0].slice(0, 3)).toEqual(['ID famille', 'Prénom', 'Nom']);
    const byHeader = parseCsv(
      (
        await get('/api/csv/active', {
          ...bearer(f.admin),
          'accept-language': 'ko;q=0.9, de-DE;q=0.8, en;q=0.5',
        })
      ).body.slice(1),
    );
    expect(byHeader[0][0]).toBe('Familien-ID');
    expect(byHeader[1][13]).toBe('Ja');
  });
});

describe('the member PDF', () => {
  it('prints every member on A4 portrait pages, every script with its own font', async () => {
    const response = await get('/api/pdf', bearer(f.admin));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="members-${today}.pdf"`,
    );
    const pdf = inspectPdf(response.rawPayload);
    expect(pdf.mediaBox).toEqual([0, 0, 595.28, 841.89]);
    const [{ total }] = await f.t.database.db.select({ total: count() }).from(members);
    expect(pdf.text).toContain(`Members: ${total}`);
    for (const heading of ['S.No', 'Family ID', 'Name', 'Email', 'Phone', 'Address'])
      expect(pdf.text).toContain(heading);
    expect(pdf.text).toContain('José Dvořák-Müller');
    expect(pdf.text).toContain('latin@example.net');
    expect(pdf.text).toContain('(312) 555-0106');
    expect(pdf.text).toContain('伟 张');
    expect(pdf.text).toContain('はなこ 山田');
    const fonts = pdf.fonts.join(' ');
    for (const family of ['NotoSansGujarati', 'NotoSansDevanagari', 'NotoSansSC', 'NotoSansJP'])
      expect(fonts).toContain(family);
    expect(pdf.glyphs.filter((glyph) => glyph.code === 0)).toEqual([]);
    expect(pdf.text).not.toMatch(/\?{2,}/);
    const gujaratiGlyphs = pdf.glyphs.filter((glyph) => glyph.font.includes('Gujarati'));
    expect(gujaratiGlyphs.map((glyph) => glyph.text).join('')).toContain('પ');
  });

  it('prints the table as shown: the list filter and search applied', async () => {
    const [someone] = await f.t.database.db
      .select()
      .from(members)
      .where(eq(members.email, 'latin@example.net'));
    const response = await get(
      `/api/pdf?search=dvo%C5%99%C3%A1k&active=true&lang=en`,
      bearer(superUser),
    );
    expect(response.statusCode).toBe(200);
    const pdf = inspectPdf(response.rawPayload);
    expect(pdf.text).toContain(`${someone.firstName} ${someone.lastName}`);
    expect(pdf.text).toContain('Members: 1');
    expect(pdf.text).not.toContain('formula@example.net');
    expect(pdf.pageCount).toBe(1);
  });
});
