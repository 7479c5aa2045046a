/**
 * The contact form of spec 01 §2 item 3 and §5: one schema for the page's form and the server's
 * route, so both refuse the same input with the spec's own words.
 */
import { z } from 'zod';
import { ZLine, ZMultiline } from './fields';

/** Spec 01 §9: at most 100, 100 and 5000 characters. */
export const CONTACT_LIMITS = { name: 100, email: 100, message: 5000 } as const;

export const CONTACT_NAME_REQUIRED = 'Please enter your name.';
export const CONTACT_EMAIL_REQUIRED = 'Please enter your email address.';
export const CONTACT_EMAIL_INVALID = 'Please enter a valid email address.';
export const CONTACT_MESSAGE_REQUIRED = 'Please enter your message.';
export const CONTACT_SENT_MESSAGE = 'Success! Your message has been sent to us.';

const tooLong = (max: number) => `At most ${max} characters.`;

export const ZContactRequest = z.object({
  name: ZLine()
    .min(1, CONTACT_NAME_REQUIRED)
    .max(CONTACT_LIMITS.name, tooLong(CONTACT_LIMITS.name)),
  email: ZLine()
    .min(1, CONTACT_EMAIL_REQUIRED)
    .max(CONTACT_LIMITS.email, tooLong(CONTACT_LIMITS.email))
    .pipe(z.email(CONTACT_EMAIL_INVALID)),
  message: ZMultiline()
    .min(1, CONTACT_MESSAGE_REQUIRED)
    .max(CONTACT_LIMITS.message, tooLong(CONTACT_LIMITS.message)),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;

export const ZContactResponse = z.object({ id: z.number().int(), message: z.string() });
export type TContactResponse = z.infer<typeof ZContactResponse>;

/** 429 when one address (or one sender e-mail) has written too often (ANONYMOUS_LIMITS). */
export const CONTACT_RATE_LIMITED_MESSAGE =
  'Too many messages from your address. Please wait a few minutes and try again.';
