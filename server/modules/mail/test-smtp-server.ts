import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TReceivedMail {
  recipients: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 for tests: it keeps every message it accepts. */
export class TestSmtpServer {
  readonly received: TReceivedMail[] = [];
  private server: SMTPServer | undefined;
  private boundPort = 0;

  get port(): number {
    return this.boundPort;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.boundPort}`;
  }

  /** Listens on a free port the first time, then on that same port again after `stop()`. */
  async start(): Promise<void> {
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      // STARTTLS would offer the package's self-signed certificate, which the client rightly refuses.
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.received.push({
            recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.boundPort, '127.0.0.1', () => resolve());
    });
    this.boundPort = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(resolve));
  }

  /** How many accepted messages carry this subject (short ASCII subjects: no header folding). */
  countSubject(subject: string): number {
    return this.received.filter((mail) => /^Subject: (.*?)\r?$/m.exec(mail.raw)?.[1] === subject)
      .length;
  }
}
