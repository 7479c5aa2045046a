/**
 * Mail to members (spec 02 §2.10): staff write one mail to any addresses. It goes into the outbox
 * as ONE row whatever the number of recipients, so its attachments are stored once and the mail
 * server gets one message with every address once in its envelope (DESIGN §5).
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { MAIL_LIMITS, type TMemMailRequest } from '../../../domain/contracts/mail';
import type { TDb } from '../../db/client';
import { householdAccounts, members, memberSearchText } from '../../db/schema';
import { writeAudit, type TAuditContext } from '../../lib/audit';
import { likeContaining } from '../members/members.service';
import { enqueueMail, type TMailAttachmentInput } from './outbox';

export interface TMemberMailResult {
  id: number;
  to: string[];
  recipients: number;
  attachments: number;
}

/**
 * Keeps each address once, in the first field it was typed in (To before Cc before Bcc), in
 * any letter case, so nobody gets the same mail twice.
 */
export function distinctRecipients(
  mail: Pick<TMemMailRequest, 'compose_to' | 'compose_cc' | 'compose_bcc'>,
) {
  const seen = new Set<string>();
  const keep = (list: string[]) =>
    list.filter((address) => {
      const key = address.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return { to: keep(mail.compose_to), cc: keep(mail.compose_cc), bcc: keep(mail.compose_bcc) };
}

/**
 * Each member address followed by the e-mails of their family's other adults who agreed to
 * receive mail to members (accepted household sign-ins with the opt-in on).
 */
async function withHouseholdAdults(db: TDb, addresses: string[]): Promise<string[]> {
  if (addresses.length === 0) return addresses;
  const lowered = addresses.map((address) => address.toLowerCase());
  const rows = await db
    .select({ memberEmail: members.email, adultEmail: householdAccounts.email })
    .from(householdAccounts)
    .innerJoin(members, eq(members.id, householdAccounts.memberId))
    .where(
      and(
        inArray(sql`lower(${members.email})`, lowered),
        eq(householdAccounts.mailOptIn, true),
        isNotNull(householdAccounts.passwordHash),
      ),
    )
    .orderBy(asc(householdAccounts.id));
  const adultsOf = new Map<string, string[]>();
  for (const row of rows) {
    const key = row.memberEmail.toLowerCase();
    adultsOf.set(key, [...(adultsOf.get(key) ?? []), row.adultEmail]);
  }
  return addresses.flatMap((address) => [address, ...(adultsOf.get(address.toLowerCase()) ?? [])]);
}

export async function sendMemberMail(
  db: TDb,
  audit: TAuditContext,
  request: TMemMailRequest,
  attachments: TMailAttachmentInput[],
): Promise<TMemberMailResult> {
  const mail = request.include_household
    ? {
        ...request,
        compose_to: await withHouseholdAdults(db, request.compose_to),
        compose_cc: await withHouseholdAdults(db, request.compose_cc),
        compose_bcc: await withHouseholdAdults(db, request.compose_bcc),
      }
    : request;
  const { to, cc, bcc } = distinctRecipients(mail);
  const recipients = to.length + cc.length + bcc.length;
  const id = await db.transaction(async (tx) => {
    const rowId = await enqueueMail(
      tx,
      { to, cc, bcc, subject: mail.editor_subject, text: mail.editor_value, attachments },
      { now: audit.at },
    );
    const files = attachments.map((file) => file.filename).join(', ');
    await writeAudit(tx, audit, {
      message:
        `Sent mail "${mail.editor_subject}" to ${recipients} recipient(s): ${to.join(', ')}` +
        (attachments.length > 0 ? `; attachments: ${files}` : ''),
    });
    return rowId as number;
  });
  return { id, to, recipients, attachments: attachments.length };
}

/**
 * Up to 10 member e-mails containing what was typed (spec 02 §9), case-insensitive. The
 * condition on the member search text lets the trigram index pick the candidates; the e-mail
 * condition keeps only those whose address itself matches.
 */
export async function suggestMemberEmails(db: TDb, typed: string): Promise<string[]> {
  const pattern = likeContaining(typed.trim().toLowerCase());
  const rows = await db
    .selectDistinct({ email: members.email })
    .from(members)
    .where(
      and(
        sql`${memberSearchText(members)} like ${pattern}`,
        sql`lower(${members.email}) like ${pattern}`,
      ),
    )
    .orderBy(asc(members.email))
    .limit(MAIL_LIMITS.suggestions);
  return rows.map((row) => row.email);
}
