/**
 * Mail to members (issue 11; spec 02 §2.10, §5, §8, §9): a global admin opens the compose panel
 * from the member list with To filled in, picks a Cc from the suggestions, is stopped at a fourth
 * attachment and at a file over 10 MB, sends with one attachment (the mail reaches the outbox's
 * .eml with it), and discards a draft after confirming. Axe scans the open panel.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../domain/constants';
import { baseUrl, expectAccessible, launchBrowser, openRoute } from './browser';
import { mailWith } from './written-mail';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 900 },
  });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await openRoute(page, '/auth/login');
  await page.getByRole('textbox', { name: 'Email' }).fill('admin@example.org');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/#\/$/);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const MEMBER = 'member@example.org';
const panel = () => page.getByRole('region', { name: 'New Message' });
const fileInput = () => panel().locator('input[type="file"]');
const attached = () => panel().getByRole('listitem');
const toast = (text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

async function openComposeForMember(): Promise<void> {
  await openRoute(page, '/');
  await openRoute(page, '/member');
  await page
    .getByPlaceholder('Start Searching for a FamilyID , Name , Email , Address')
    .fill(MEMBER);
  const row = page.locator('tbody tr[data-member-id]').filter({ hasText: MEMBER });
  await expect.poll(() => page.locator('tbody tr[data-member-id]').count()).toBe(1);
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Send Mail To Member', exact: true }).click();
  await panel().waitFor();
}

const small = (name: string) => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(`${name}\n`),
});

describe('the compose panel', () => {
  it('opens from the member list with To filled, suggests Cc, checks attachments and sends', async () => {
    await openComposeForMember();
    expect(await panel().getByLabel('To', { exact: true }).inputValue()).toBe(MEMBER);

    // Cc: a suggestion of up to 10 member e-mails, picked into the field
    await panel().getByRole('button', { name: 'Cc', exact: true }).click();
    const cc = panel().getByLabel('Cc', { exact: true }).and(panel().locator('input'));
    await cc.fill('example');
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    const count = await options.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    const picked = (await options.first().innerText()).trim();
    expect(picked).toContain('example');
    await options.first().click();
    expect(await cc.inputValue()).toBe(picked);

    // Enter in Subject sends nothing
    const subject = `Annual meeting ${Date.now()}`;
    const subjectBox = panel().getByRole('textbox', { name: 'Subject' });
    await subjectBox.fill(subject);
    await subjectBox.press('Enter');
    await panel().getByRole('textbox', { name: 'Message' }).fill('See you on Sunday.');
    expect(await toast('Email Sending').count()).toBe(0);

    await fileInput().setInputFiles([small('agenda.txt')]);
    await expect.poll(() => attached().count()).toBe(1);
    // A pick that would make 4 files is refused whole
    await fileInput().setInputFiles([small('b.txt'), small('c.txt'), small('d.txt')]);
    await toast('File Upload Limit Upto 3').waitFor();
    expect(await toast('File Upload Limit Upto 3').innerText()).toContain(
      'File Upload Limit Exceed',
    );
    expect(await attached().count()).toBe(1);
    // A file over 10 MB is refused
    await fileInput().setInputFiles([
      {
        name: 'big.bin',
        mimeType: 'application/octet-stream',
        buffer: Buffer.alloc(11 * 1024 * 1024),
      },
    ]);
    await toast('File Size Cannot Exceed More Than 10 MB.').waitFor();
    expect(await attached().count()).toBe(1);

    await expectAccessible(page);

    await panel().getByRole('button', { name: 'Send', exact: true }).click();
    await toast('Email Sending').waitFor();
    await toast('Email Sent Successfully').waitFor();
    await toast(`Mail sent to ${MEMBER}`).waitFor();
    await panel().waitFor({ state: 'detached' });

    const eml = await mailWith(subject);
    expect(eml).toMatch(new RegExp(`^To: .*${MEMBER.replace('.', '\\.')}`, 'm'));
    expect(eml).toMatch(new RegExp(`^Cc: .*${picked.replace(/\./g, '\\.')}`, 'm'));
    expect(eml).toContain('filename=agenda.txt');
  });

  it('hides and shows, and discards a typed draft only after confirming', async () => {
    await openComposeForMember();
    await panel().getByRole('button', { name: 'Hide the mail' }).click();
    expect(await panel().getByRole('textbox', { name: 'Subject' }).count()).toBe(0);
    await panel().getByRole('button', { name: 'Show the mail' }).click();
    await panel().getByRole('textbox', { name: 'Subject' }).fill('Draft');
    await panel().getByRole('button', { name: 'Discard', exact: true }).first().click();
    const question = panel().getByRole('alertdialog', { name: 'Discard this mail?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep writing' }).click();
    expect(await panel().getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('Draft');
    await panel().getByRole('button', { name: 'Discard', exact: true }).last().click();
    await panel()
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Discard', exact: true })
      .click();
    await panel().waitFor({ state: 'detached' });
  });
});
