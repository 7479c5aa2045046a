import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { TestClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/test-database';
import { createMailTransport, emlFileName, type TMailTransport } from './mail-transport';
import { enqueueMail, type TMailMessage } from './outbox';
import { processOutboxBatch, type TOutboxContext } from './outbox-batch';
import { batchResult } from './outbox-test-kit';

const receipt: TMailMessage = {
  to: ['member@example.org', 'spouse@example.org'],
  bcc: 'treasurer@example.org',
  subject: 'Receipt for your payment',
  text: 'Thank you for your payment of $154.50.',
  html: '<p>Thank you for your payment of <b>$154.50</b>.</p>',
  attachments: [
    {
      filename: 'receipt-GM0042.pdf',
      contentType: 'application/pdf',
      content: Buffer.from('%PDF-1.4 receipt'),
    },
  ],
};

describe('the mail outbox without SMTP_URL (.eml files)', () => {
  const clock = new TestClock();
  let database: TDatabase;
  let ctx: TOutboxContext;
  let dataDir: string;
  let mailDir: string;
  let transport: TMailTransport;

  beforeAll(async () => {
    database = await createTestDatabase();
    ctx = { db: database.db, clock };
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-mail-'));
    mailDir = path.join(dataDir, 'mail');
    transport = createMailTransport({
      smtpUrl: undefined,
      mailFrom: 'Samaj <no-reply@samaj.test>',
      dataDir,
    });
  });

  afterAll(async () => {
    transport?.close();
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await database.db.delete(mailOutbox);
    fs.rmSync(mailDir, { recursive: true, force: true });
    clock.set('2026-11-22T15:00:00Z');
  });

  const mailFiles = () => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort() : []);

  it('sends an attachment with a content id as an inline image of the HTML body', async () => {
    const id = await enqueueMail(database.db, {
      to: 'member@example.org',
      subject: 'Your ticket',
      text: 'Show the code at the door.',
      html: '<p><img src="cid:door-code-qr@samaj" alt="QR code"></p>',
      attachments: [
        {
          filename: 'ticket.png',
          contentType: 'image/png',
          content: Buffer.from('not really a png'),
          cid: 'door-code-qr@samaj',
        },
      ],
    });
    await processOutboxBatch(ctx, transport, { limit: 10 });
    const eml = fs.readFileSync(
      path.join(mailDir, emlFileName({ id: id!, date: clock.now() })),
      'utf8',
    );
    expect(eml).toContain('Content-Type: multipart/related');
    expect(eml).toContain('Content-ID: <door-code-qr@samaj>');
    expect(eml).toContain('Content-Disposition: inline');
  });

  it('writes an enqueued mail as an .eml file with its subject, body and attachment', async () => {
    const id = await enqueueMail(database.db, receipt);
    expect(id).toBeTypeOf('number');

    const result = await processOutboxBatch(ctx, transport, { limit: 10 });

    expect(result).toEqual(batchResult({ claimed: 1, sent: 1 }));
    expect(mailFiles()).toEqual([emlFileName({ id: id!, date: clock.now() })]);
    const eml = fs.readFileSync(path.join(mailDir, mailFiles()[0]), 'utf8');
    expect(eml).toContain('From: Samaj <no-reply@samaj.test>');
    expect(eml).toContain('To: member@example.org, spouse@example.org');
    expect(eml).toContain('Bcc: treasurer@example.org');
    expect(eml).toContain('Subject: Receipt for your payment');
    expect(eml).toContain('Thank you for your payment of $154.50.');
    expect(eml).toMatch(/filename="?receipt-GM0042\.pdf"?/);
    expect(eml).toContain(Buffer.from('%PDF-1.4 receipt').toString('base64'));

    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 0,
      sentAt: clock.now(),
      lockedUntil: null,
    });
  });

  it('names the files so that they sort in the order the mails were written', async () => {
    await enqueueMail(database.db, { ...receipt, subject: 'First' });
    await processOutboxBatch(ctx, transport, { limit: 10 });
    clock.advance(1);
    await enqueueMail(database.db, { ...receipt, subject: 'Second' });
    await processOutboxBatch(ctx, transport, { limit: 10 });

    const subjects = mailFiles().map(
      (file) => /^Subject: (.*)$/m.exec(fs.readFileSync(path.join(mailDir, file), 'utf8'))?.[1],
    );
    expect(subjects).toEqual(['First', 'Second']);
  });

  it('sends a new mail at the next batch even when the injected clock is behind the database', async () => {
    clock.set('2001-01-01T00:00:00Z');
    await enqueueMail(database.db, receipt);

    expect(await processOutboxBatch(ctx, transport, { limit: 10 })).toMatchObject({ sent: 1 });
    expect(mailFiles()).toHaveLength(1);
  });

  it('makes a second enqueue with the same dedupe key a no-op', async () => {
    const first = await enqueueMail(
      database.db,
      { ...receipt, subject: 'Receipt A' },
      { dedupeKey: 'receipt:tx-1' },
    );
    const second = await enqueueMail(
      database.db,
      { ...receipt, subject: 'Receipt B' },
      { dedupeKey: 'receipt:tx-1' },
    );
    const inTransaction = await database.db.transaction((tx) =>
      enqueueMail(tx, { ...receipt, subject: 'Receipt C' }, { dedupeKey: 'receipt:tx-1' }),
    );
    const otherPayment = await enqueueMail(database.db, receipt, { dedupeKey: 'receipt:tx-2' });

    expect(first).toBeTypeOf('number');
    expect(second).toBeNull();
    expect(inTransaction).toBeNull();
    expect(otherPayment).toBeTypeOf('number');
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.map((row) => row.subject).sort()).toEqual([
      'Receipt A',
      'Receipt for your payment',
    ]);

    await processOutboxBatch(ctx, transport, { limit: 10 });
    expect(mailFiles()).toHaveLength(2);
  });

  it('keeps no mail when the transaction that enqueued it rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, receipt, { dedupeKey: 'receipt:tx-rolled-back' });
        throw new Error('the payment was refused');
      }),
    ).rejects.toThrow('the payment was refused');

    expect(await database.db.select().from(mailOutbox)).toEqual([]);
    expect(await processOutboxBatch(ctx, transport, { limit: 10 })).toMatchObject({ claimed: 0 });
    expect(mailFiles()).toEqual([]);
  });

  it('refuses a mail without a recipient', async () => {
    await expect(enqueueMail(database.db, { ...receipt, to: [' '] })).rejects.toThrow(
      'at least one recipient',
    );
  });
});
