/**
 * Mail to members (spec 02 §2.10, §5, §9; DESIGN §3c): staff only, at most 3 attachments of at
 * most 10 MB, one outbox row whatever the number of recipients, each recipient mailed once.
 */
import os from 'node:os';
import { asc, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAIL_FILE_COUNT_MESSAGE,
  MAIL_FILE_SIZE_MESSAGE,
  MAIL_LIMITS,
  MAIL_SENT_MESSAGE,
} from '../../../domain/contracts/mail';
import { auditLogs, mailOutbox, members } from '../../db/schema';
import { bearer } from '../auth/auth-test-kit';
import { multipartPayload, type TFilePart } from '../images/image-test-kit';
import { callAs, openMembersFixture, type TMembersFixture } from '../members/members-test-kit';
import { createMailTransport, type TMailTransport } from './mail-transport';
import { processOutboxBatch } from './outbox-batch';
import { TestSmtpServer } from './test-smtp-server';

let f: TMembersFixture;
const smtp = new TestSmtpServer();
let transport: TMailTransport;

beforeAll(async () => {
  f = await openMembersFixture();
  await smtp.start();
  transport = createMailTransport({
    smtpUrl: smtp.url,
    mailFrom: 'Samaj <no-reply@samaj.test>',
    dataDir: os.tmpdir(),
  });
});

afterAll(async () => {
  transport?.close();
  await smtp.stop();
  await f?.t.close();
});

beforeEach(async () => {
  await f.t.database.db.delete(mailOutbox);
  smtp.received.length = 0;
});

const file = (name: string, bytes: number, fill = 'a'): TFilePart => ({
  field: 'files',
  name,
  type: 'text/plain',
  content: Buffer.alloc(bytes, fill),
});

async function sendMail(
  token: string | null,
  fields: Record<string, string>,
  files: TFilePart[] = [],
) {
  const { payload, headers } = await multipartPayload(fields, files);
  return f.t.app.inject({
    method: 'POST',
    url: '/api/memmail',
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
}

const simple = {
  compose_to: 'member@example.org',
  editor_subject: 'Annual meeting',
  editor_value: 'See you on Sunday.',
};

async function outboxCount(): Promise<number> {
  const [row] = await f.t.database.db.select({ n: count() }).from(mailOutbox);
  return row.n;
}

describe('POST /api/memmail', () => {
  it('queues the mail for a temporary admin and answers with the recipient', async () => {
    const response = await sendMail(f.temp, simple, [file('agenda.txt', 20)]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      message: MAIL_SENT_MESSAGE,
      to: ['member@example.org'],
      recipients: 1,
      attachments: 1,
    });
    const [row] = await f.t.database.db.select().from(mailOutbox);
    expect(row).toMatchObject({
      toAddress: 'member@example.org',
      subject: 'Annual meeting',
      textBody: 'See you on Sunday.',
    });
    expect(row.attachments).toEqual([
      {
        filename: 'agenda.txt',
        contentType: 'text/plain',
        contentBase64: Buffer.alloc(20, 'a').toString('base64'),
      },
    ]);
    const [audit] = await f.t.database.db
      .select()
      .from(auditLogs)
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit.loggerMessage).toContain('Sent mail "Annual meeting" to 1 recipient(s)');
    expect(audit.userType).toBe('Temp Admin');
  });

  it('refuses a member (403) and anonymous (401), queueing nothing', async () => {
    expect((await sendMail(f.member, simple)).statusCode).toBe(403);
    expect((await sendMail(null, simple)).statusCode).toBe(401);
    expect(await outboxCount()).toBe(0);
  });

  it('refuses a fourth attachment with the spec message, queueing nothing', async () => {
    const four = [1, 2, 3, 4].map((n) => file(`f${n}.txt`, 10));
    const response = await sendMail(f.admin, simple, four);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION',
      message: MAIL_FILE_COUNT_MESSAGE,
    });
    expect(await outboxCount()).toBe(0);
    // Three are fine
    const three = await sendMail(f.admin, simple, four.slice(0, 3));
    expect(three.statusCode, three.body).toBe(201);
    expect(three.json().attachments).toBe(3);
  });

  it('refuses a file over 10 MB with the spec message (413), and takes one of exactly 10 MB', async () => {
    const big = await sendMail(f.admin, simple, [file('big.bin', 11 * 1024 * 1024)]);
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: MAIL_FILE_SIZE_MESSAGE,
    });
    // The size is checked on every file, not only the first
    const second = await sendMail(f.admin, simple, [
      file('small.txt', 10),
      file('big.bin', MAIL_LIMITS.fileBytes + 1),
    ]);
    expect(second.statusCode, second.body).toBe(413);
    expect(await outboxCount()).toBe(0);
    const exact = await sendMail(f.admin, simple, [file('exact.bin', MAIL_LIMITS.fileBytes)]);
    expect(exact.statusCode, exact.body).toBe(201);
  });

  it('refuses a mail without recipients, with a bad address or without a subject (400)', async () => {
    for (const fields of [
      { ...simple, compose_to: '' },
      { ...simple, compose_to: 'not-an-address' },
      { ...simple, compose_cc: 'member@example.org, nope' },
      { ...simple, editor_subject: '  ' },
    ]) {
      const response = await sendMail(f.admin, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
    }
    expect(await outboxCount()).toBe(0);
  });

  it('stores an attachment once for 200 members and sends it to each of them once', async () => {
    // The demo seed has fewer families: the rest join here
    await f.t.database.db.insert(members).values(
      Array.from({ length: 200 }, (_, n) => ({
        firstName: 'Bulk',
        lastName: `Member ${n}`,
        email: `bulk.member.${n}@example.net`,
        passwordHash: 'hash',
      })),
    );
    const rows = await f.t.database.db
      .select({ email: members.email })
      .from(members)
      .orderBy(asc(members.id))
      .limit(200);
    expect(rows).toHaveLength(200);
    const emails = rows.map((row) => row.email);
    const to = emails.slice(0, 150);
    const cc = emails.slice(150, 180);
    // Repeats in another field or another letter case are each recipient once
    const bcc = [...emails.slice(180), emails[0].toUpperCase(), emails[151]];
    const attachment = file('newsletter.pdf', 256 * 1024, 'n');
    const response = await sendMail(
      f.admin,
      {
        compose_to: to.join(', '),
        compose_cc: cc.join('; '),
        compose_bcc: bcc.join(' '),
        editor_subject: 'Newsletter',
        editor_value: 'Attached.',
      },
      [attachment],
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().recipients).toBe(200);

    const queued = await f.t.database.db.select().from(mailOutbox);
    expect(queued).toHaveLength(1);
    expect(queued[0].attachments).toHaveLength(1);
    expect(queued[0].attachments[0].contentBase64).toBe(attachment.content.toString('base64'));

    const result = await processOutboxBatch({ db: f.t.database.db, clock: f.t.clock }, transport, {
      limit: 10,
    });
    expect(result).toMatchObject({ claimed: 1, sent: 1 });
    expect(
      await processOutboxBatch({ db: f.t.database.db, clock: f.t.clock }, transport, { limit: 10 }),
    ).toMatchObject({ claimed: 0 });
    expect(smtp.received).toHaveLength(1);
    const delivered = smtp.received[0].recipients.map((address) => address.toLowerCase());
    expect(delivered).toHaveLength(200);
    expect(new Set(delivered)).toEqual(new Set(emails.map((email) => email.toLowerCase())));
    // Bcc addresses are in the envelope, never in the headers
    expect(smtp.received[0].raw).not.toContain(emails[199]);
    expect(smtp.received[0].raw).toContain('filename=newsletter.pdf');
    const [sent] = await f.t.database.db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, queued[0].id));
    expect(sent.status).toBe('sent');
  });
});

describe('GET /api/memmail/suggestions', () => {
  it('answers up to 10 member e-mails containing what was typed, for staff only', async () => {
    const response = await callAs(f.t, 'GET', '/api/memmail/suggestions?q=A', f.temp);
    expect(response.statusCode, response.body).toBe(200);
    const { emails } = response.json() as { emails: string[] };
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.length).toBeLessThanOrEqual(MAIL_LIMITS.suggestions);
    for (const email of emails) expect(email.toLowerCase()).toContain('a');

    const own = await callAs(f.t, 'GET', '/api/memmail/suggestions?q=MEMBER@example', f.admin);
    expect(own.json().emails).toContain('member@example.org');
    const none = await callAs(f.t, 'GET', '/api/memmail/suggestions?q=%25%25zz', f.admin);
    expect(none.json().emails).toEqual([]);

    expect((await callAs(f.t, 'GET', '/api/memmail/suggestions?q=a', f.member)).statusCode).toBe(
      403,
    );
    expect((await callAs(f.t, 'GET', '/api/memmail/suggestions?q=a', null)).statusCode).toBe(401);
  });
});
