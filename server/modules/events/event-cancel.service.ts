/**
 * Cancelling an event that has buyers (DESIGN §3c: admins only; §3d). In one transaction: the
 * event is marked cancelled (off the public lists, refused by checkout and by every pending
 * confirmation), the change is audited, each buyer's address gets one e-mail through the
 * outbox, and the event's waiting list is closed (each waiting family mailed once). The answer
 * is the buyers list, ready for refunds.
 */
import {
  EVENT_SAVED_MESSAGES,
  type TEventBuyer,
  type TEventCancelled,
} from '../../../domain/contracts/events';
import { formatCalendarDate } from '../../../domain/dates';
import { formatMoney, parseMoney } from '../../../domain/money';
import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import type { TEventRow } from '../../db/schema';
import type { TAuditContext } from '../../lib/audit';
import { enqueueMail } from '../mail/outbox';
import { closeWaitlistOfCancelledEvent } from '../waitlist/waitlist-offers';
import { eventBuyers, markCancelled } from './events-admin.service';
import { changingEventLists } from './event-list-cache';

export function cancellationDedupeKey(eventId: number, email: string): string {
  return `event-cancelled:${eventId}:${email.trim().toLowerCase()}`;
}

function purchaseLine(buyer: TEventBuyer): string {
  const seats = buyer.seats === 1 ? '1 seat' : `${buyer.seats} seats`;
  return `- ${buyer.ticketKind}, ${seats}: ${formatMoney(parseMoney(buyer.amount) ?? 0)} (transaction ${buyer.transactionID})`;
}

function cancellationText(
  event: TEventRow,
  buyers: TEventBuyer[],
  note: string | undefined,
  config: TConfig,
): string {
  const name = buyers.find((buyer) => buyer.name)?.name;
  return [
    name ? `Dear ${name},` : 'Hello,',
    '',
    `We are sorry to tell you that ${event.name} on ${formatCalendarDate(event.eventDate)} at ${event.eventTime}${event.venue ? `, ${event.venue},` : ''} is cancelled.`,
    ...(note ? ['', note] : []),
    '',
    buyers.length === 1 ? 'Your purchase:' : 'Your purchases:',
    ...buyers.map(purchaseLine),
    '',
    'The association will refund what you paid; you need not do anything. Reply to this e-mail if you have a question.',
    '',
    config.orgName,
  ].join('\n');
}

export async function cancelEvent(
  db: TDb,
  audit: TAuditContext,
  id: number,
  note: string | undefined,
  config: TConfig,
): Promise<TEventCancelled> {
  return changingEventLists(
    db.transaction(async (tx) => {
      const event = await markCancelled(tx, audit, id, audit.at);
      const answer = await eventBuyers(tx, id, audit.at);
      const byAddress = new Map<string, TEventBuyer[]>();
      for (const buyer of answer.buyers.filter((row) => row.status === 'payment done')) {
        const key = buyer.email.trim().toLowerCase();
        byAddress.set(key, [...(byAddress.get(key) ?? []), buyer]);
      }
      let mailed = 0;
      for (const [address, purchases] of byAddress) {
        const outboxId = await enqueueMail(
          tx,
          {
            to: address,
            subject: `${config.orgName}: ${event.name} is cancelled`,
            text: cancellationText(event, purchases, note, config),
          },
          { dedupeKey: cancellationDedupeKey(event.id, address), now: audit.at },
        );
        if (outboxId !== null) mailed += 1;
      }
      // Its waiting list ends with it: offers' seats released, each waiting family told once
      await closeWaitlistOfCancelledEvent(tx, event, config, audit);
      return { ...answer, message: EVENT_SAVED_MESSAGES.cancelled, mailed };
    }),
  );
}
