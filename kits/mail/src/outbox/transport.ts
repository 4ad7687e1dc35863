import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { dataDir, envVar, parseEnv, type EnvShape } from '@sumika/server-kit';

/** One message as the worker hands it over: everything a transport needs, nothing it must look up. */
export interface OutboundMail {
  /** The outbox row id: the idempotency key. */
  outboxId: number;
  /** Derived from the outbox id, so a redelivery carries the same Message-ID and receivers can drop it. */
  messageId: string;
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  /** The row's creation time, so a redelivery is byte-for-byte the same message. */
  date: Date;
}

export interface MailTransport {
  readonly kind: string;
  send(mail: OutboundMail): Promise<void>;
  close(): Promise<void>;
}

/** nodemailer options for one mail; deterministic (date, boundary) so a resend produces the same bytes. */
export function nodemailerMessage(mail: OutboundMail): SendMailOptions {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    date: mail.date,
    baseBoundary: createHash('sha256').update(mail.messageId).digest('hex').slice(0, 16),
    headers: { 'X-Outbox-Id': String(mail.outboxId) },
  };
}

export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

/** Bounded so a send always ends well inside the worker's lease (see OutboxWorker leaseMs). */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP through nodemailer (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp';
  private readonly mailer: Transporter;

  constructor(url: string, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS) {
    // nodemailer parses the URL, query options included (e.g. ?ignoreTLS=true for a local relay).
    this.mailer = nodemailer.createTransport({ url, ...timeouts });
  }

  async send(mail: OutboundMail): Promise<void> {
    await this.mailer.sendMail(nodemailerMessage(mail));
  }

  async close(): Promise<void> {
    this.mailer.close();
  }
}

/**
 * Writes each message as `<outboxId>.eml` into a folder: the local default without an SMTP
 * server. Written to a temporary name and renamed, so a reader never sees half a file and a
 * redelivery replaces the file instead of adding a second one.
 */
export class FileTransport implements MailTransport {
  readonly kind = 'file';
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(readonly dir: string) {}

  fileFor(outboxId: number): string {
    return path.join(this.dir, `${outboxId}.eml`);
  }

  async send(mail: OutboundMail): Promise<void> {
    const info = await this.composer.sendMail(nodemailerMessage(mail));
    const message = info.message;
    if (!Buffer.isBuffer(message)) throw new Error('stream transport returned no buffer');
    await mkdir(this.dir, { recursive: true });
    const target = this.fileFor(mail.outboxId);
    const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, message);
    await rename(temp, target);
  }

  async close(): Promise<void> {
    this.composer.close();
  }
}

/** The transport's variable; a service's start check spreads it into its shape. */
export const SMTP_ENV = { SMTP_URL: envVar.url() } satisfies EnvShape;

/** SMTP when `SMTP_URL` is set, else `.eml` files under `<DATA_DIR>/outbox/<subgraph>/`. */
export function transportFromEnv(subgraph: string, env: NodeJS.ProcessEnv = process.env): MailTransport {
  const url = parseEnv(SMTP_ENV, env).SMTP_URL;
  if (url) return new SmtpTransport(url);
  return new FileTransport(path.join(dataDir(env), 'outbox', subgraph));
}
