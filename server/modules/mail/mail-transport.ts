import fs from 'node:fs/promises';
import path from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { TConfig } from '../../config';
import type { TReadyAttachment } from '../../db/schema';

type TNodemailer = typeof import('nodemailer').default;

/** A mail as the outbox worker hands it over: one outbox row, with the worker's clock time. */
export interface TOutgoingMail {
  id: number;
  date: Date;
  to: string;
  cc: string | null;
  bcc: string | null;
  subject: string;
  text: string;
  html: string | null;
  attachments: TReadyAttachment[];
}

export interface TMailTransport {
  /** Resolves once the mail is accepted (SMTP) or written (.eml); rejects otherwise. */
  send(mail: TOutgoingMail, signal?: AbortSignal): Promise<void>;
  close(): void;
}

/*
 * Without these an unresponsive SMTP server holds a send for minutes (nodemailer's defaults:
 * 2 min to connect, 10 min of socket silence), past the outbox lease. The URL may override them.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * One nodemailer transport, made by the first mail: nodemailer (0.15 s, 15 MB) is not loaded by
 * a server that has nothing to send.
 */
function lazyTransport(make: (nodemailer: TNodemailer) => Transporter): {
  get(): Promise<Transporter>;
  close(): void;
} {
  let transport: Transporter | undefined;
  let making: Promise<Transporter> | undefined;
  let closed = false;
  return {
    get() {
      making ??= import('nodemailer').then((module) => {
        transport = make(module.default);
        if (closed) transport.close();
        return transport;
      });
      return making;
    },
    close() {
      closed = true;
      transport?.close();
    },
  };
}

/** SMTP when SMTP_URL is set; otherwise one `.eml` file per mail under DATA_DIR/mail (DESIGN §1). */
export function createMailTransport(
  config: Pick<TConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
): TMailTransport {
  const { smtpUrl } = config;
  if (smtpUrl) {
    const smtp = lazyTransport((nodemailer) =>
      nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from: config.mailFrom }),
    );
    return {
      async send(mail, signal) {
        await (await smtp.get()).sendMail({ ...toNodemailer(mail), signal });
      },
      close: () => smtp.close(),
    };
  }

  const directory = path.join(config.dataDir, 'mail');
  const composer = lazyTransport((nodemailer) =>
    nodemailer.createTransport(
      { streamTransport: true, buffer: true, newline: 'unix' },
      { from: config.mailFrom },
    ),
  );
  return {
    async send(mail) {
      const info = await (await composer.get()).sendMail(toNodemailer(mail));
      await fs.mkdir(directory, { recursive: true });
      // `buffer: true` makes the message a Buffer. 'wx': a file already written is never overwritten.
      const message = info.message as Buffer;
      await fs.writeFile(path.join(directory, emlFileName(mail)), message, { flag: 'wx' });
    },
    close: () => composer.close(),
  };
}

/** `20261122T150000123Z-00000042.eml`: sorts by time, and the outbox id makes it unique. */
export function emlFileName(mail: Pick<TOutgoingMail, 'id' | 'date'>): string {
  const stamp = mail.date.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${String(mail.id).padStart(8, '0')}.eml`;
}

function toNodemailer(mail: TOutgoingMail): SendMailOptions {
  return {
    date: mail.date,
    to: mail.to,
    cc: mail.cc ?? undefined,
    bcc: mail.bcc ?? undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.contentBase64,
      encoding: 'base64',
      ...(attachment.cid ? { cid: attachment.cid } : {}),
    })),
  };
}
