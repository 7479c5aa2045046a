/** The renewal reminder e-mail (issue 15): what it says, in the member's language, and its link. */
import type { TLanguageCode } from '../../../domain/constants';
import { formatCalendarDate, formatReceiptDateTime } from '../../../domain/dates';
import { fullName } from '../../../domain/display';
import type { TRenewalReminderKind } from '../../../domain/membership-status';
import type { TConfig } from '../../config';
import { escapeMarkup } from '../../lib/markup';
import type { TMailMessage } from '../mail/outbox';
import { REMINDER_WORDS } from './reminder-words';

/** The one-click link: the token rides in the page's hash, which browsers never send to a server. */
export function reminderLink(config: TConfig, token: string): string {
  return `${config.publicUrl}/#/renewmember/link?token=${token}`;
}

export interface TReminderMailInput {
  kind: TRenewalReminderKind;
  language: TLanguageCode;
  to: string;
  firstName: string;
  lastName: string;
  planName: string;
  validityTo: string;
  linkExpiresAt: Date;
  token: string;
}

export function reminderMail(config: TConfig, input: TReminderMailInput): Omit<TMailMessage, 'to'> {
  const words = REMINDER_WORDS[input.language];
  const link = reminderLink(config, input.token);
  const lines = [
    words.greeting(fullName(input.firstName, input.lastName)),
    words.lead[input.kind](input.planName, formatCalendarDate(input.validityTo, input.language)),
    words.action,
    link,
    words.scope(formatReceiptDateTime(input.linkExpiresAt, config.timeZone, input.language)),
    words.ignore,
    config.orgName,
  ];
  const [greeting, lead, action, , scope, ignore, org] = lines.map(escapeMarkup);
  const href = escapeMarkup(link);
  return {
    subject: words.subject[input.kind](config.orgName),
    text: lines.join('\n\n'),
    html: [
      `<p>${greeting}</p>`,
      `<p>${lead}</p>`,
      `<p>${action}<br><a href="${href}">${href}</a></p>`,
      `<p>${scope}</p>`,
      `<p>${ignore}</p>`,
      `<p>${org}</p>`,
    ].join('\n'),
  };
}
