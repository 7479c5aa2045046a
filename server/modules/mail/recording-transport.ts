import type { TMailTransport, TOutgoingMail } from './mail-transport';

/**
 * A transport for tests that keeps what it was asked to send. `onSend` lets a test act while
 * a send is in progress (move the clock, run another worker, fail, or hold the send open).
 */
export function createRecordingTransport(
  onSend: (mail: TOutgoingMail) => Promise<void> | void = () => undefined,
): TMailTransport & { sent: TOutgoingMail[] } {
  const sent: TOutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      await onSend(mail);
      sent.push(mail);
    },
    close: () => undefined,
  };
}
