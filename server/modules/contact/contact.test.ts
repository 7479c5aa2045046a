import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONTACT_EMAIL_INVALID,
  CONTACT_EMAIL_REQUIRED,
  CONTACT_MESSAGE_REQUIRED,
  CONTACT_NAME_REQUIRED,
  CONTACT_SENT_MESSAGE,
} from '../../../domain/contracts/contact';
import { contactMessages, mailOutbox, rateLimits } from '../../db/schema';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { CONTACT_LIMIT, CONTACT_RATE_LIMITED_MESSAGE } from './contact.service';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { ORG_NAME: 'Test Samaj', ORG_EMAIL: 'board@test-samaj.org' },
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const valid = { name: 'Asha Patel', email: 'asha@example.org', message: 'When is Navaratri?' };

function send(body: unknown, ip = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: body as object,
    remoteAddress: ip,
  });
}

describe('POST /api/contact', () => {
  it('stores the message, then mails it to the association in the same transaction', async () => {
    const response = await send({ ...valid, message: '  When is Navaratri?\nAnd Diwali?  ' });
    expect(response.statusCode).toBe(201);
    const { id, message } = response.json();
    expect(message).toBe(CONTACT_SENT_MESSAGE);
    const [stored] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    expect(stored).toMatchObject({
      name: 'Asha Patel',
      email: 'asha@example.org',
      message: 'When is Navaratri?\nAnd Diwali?',
    });
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `contact:${id}`));
    expect(mail.toAddress).toBe('board@test-samaj.org');
    expect(mail.subject).toBe('Contact form: Asha Patel');
    expect(mail.textBody).toContain('Test Samaj');
    expect(mail.textBody).toContain('asha@example.org');
    expect(mail.textBody).toContain('When is Navaratri?\nAnd Diwali?');
  });

  it.each([
    ['name', { ...valid, name: '  ' }, CONTACT_NAME_REQUIRED],
    ['email', { ...valid, email: '' }, CONTACT_EMAIL_REQUIRED],
    ['email', { ...valid, email: 'abc' }, CONTACT_EMAIL_INVALID],
    ['message', { ...valid, message: '' }, CONTACT_MESSAGE_REQUIRED],
  ])('refuses an empty or wrong %s with the spec message', async (field, body, text) => {
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
    expect(JSON.stringify(response.json().error.fields?.[field])).toContain(text);
  });

  it.each([
    ['name', { ...valid, name: 'n'.repeat(101) }],
    ['email', { ...valid, email: `${'e'.repeat(89)}@example.org` }],
    ['message', { ...valid, message: 'm'.repeat(5001) }],
  ])('refuses a %s past its limit (100 / 100 / 5000) and stores nothing', async (field, body) => {
    const before = await t.database.db.$count(contactMessages);
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
    expect(await t.database.db.$count(contactMessages)).toBe(before);
  });

  it('takes exactly the limits: 100, 100 and 5000 characters', async () => {
    const response = await send({
      name: 'n'.repeat(100),
      email: `${'e'.repeat(88)}@example.org`,
      message: 'm'.repeat(5000),
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses control characters', async () => {
    const response = await send({ ...valid, name: 'Asha\u0000' });
    expect(response.statusCode).toBe(400);
  });

  it(`lets one address send ${CONTACT_LIMIT.perAddress} messages per 15 minutes, then answers 429`, async () => {
    for (let i = 0; i < CONTACT_LIMIT.perAddress; i++) {
      expect((await send(valid, '198.51.100.9')).statusCode).toBe(201);
    }
    const before = await t.database.db.$count(contactMessages);
    const refused = await send(valid, '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: CONTACT_RATE_LIMITED_MESSAGE,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.database.db.$count(contactMessages)).toBe(before);
    // The same sender from another address is counted by e-mail too (the shared anonymous limit)
    expect((await send(valid, '198.51.100.10')).statusCode).toBe(429);
    // Another visitor is not held back by the first one's count.
    expect(
      (await send({ ...valid, email: 'another.visitor@example.org' }, '198.51.100.11')).statusCode,
    ).toBe(201);
    // After the window the first address may write again.
    t.clock.advance(CONTACT_LIMIT.windowMs + 1000);
    expect((await send(valid, '198.51.100.9')).statusCode).toBe(201);
  });
});

describe('GET /api/settings', () => {
  it('tells the contact page the association name, address, phone, e-mail, social page and city', async () => {
    const settings = (await t.app.inject('/api/settings')).json();
    expect(settings).toMatchObject({
      orgName: 'Test Samaj',
      orgEmail: 'board@test-samaj.org',
      orgAddress: expect.any(String),
      orgPhone: expect.any(String),
      orgSocialUrl: expect.stringMatching(/^https:\/\//),
      orgCity: expect.any(String),
    });
  });
});
