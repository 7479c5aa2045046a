/**
 * The contact form (spec 01 §2 item 3): a visitor's message is stored first, and mailed to the
 * association through the outbox in the same transaction, so nothing a visitor writes is lost
 * to a mail server outage. Rate limited per client address so the form cannot flood the inbox.
 */
import type { TContactRequest } from '../../../domain/contracts/contact';
import { contactMessages } from '../../db/schema';
import type { TAppContext } from '../../lib/context';
import { ANONYMOUS_LIMITS } from '../../../domain/constants';
import { CONTACT_RATE_LIMITED_MESSAGE } from '../../../domain/contracts/contact';
import { addressClient, takeAnonymousHit } from '../../lib/anonymous-limits';
import { enqueueMail } from '../mail/outbox';

/** Messages one client address may send in a window; a person writes one or two. */
export const CONTACT_LIMIT = {
  perAddress: ANONYMOUS_LIMITS.contactMessages.perClient,
  windowMs: ANONYMOUS_LIMITS.contactMessages.windowMinutes * 60_000,
} as const;
export { CONTACT_RATE_LIMITED_MESSAGE };

function contactMailText(ctx: TAppContext, message: TContactRequest, id: number): string {
  return [
    `A visitor wrote to ${ctx.config.orgName} through the contact page (message #${id}).`,
    '',
    `Name: ${message.name}`,
    `E-mail: ${message.email}`,
    '',
    message.message,
    '',
    `Write to ${message.email} to answer the visitor.`,
  ].join('\n');
}

export async function sendContactMessage(
  ctx: TAppContext,
  message: TContactRequest,
  ip: string,
): Promise<number> {
  const now = ctx.clock.now();
  // The one limit every anonymous write shares (DESIGN §3d: counted in the database)
  await takeAnonymousHit(
    ctx.db,
    'contact',
    { client: addressClient(ip), email: message.email },
    now,
  );
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: message.name,
        email: message.email,
        message: message.message,
        createdAt: now,
      })
      .returning({ id: contactMessages.id });
    await enqueueMail(
      tx,
      {
        to: ctx.config.org.email,
        subject: `Contact form: ${message.name}`,
        text: contactMailText(ctx, message, row.id),
      },
      { dedupeKey: `contact:${row.id}`, now },
    );
    return row.id;
  });
  ctx.kickMail();
  return id;
}
