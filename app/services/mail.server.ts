import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";

/**
 * How order emails leave the store (issue 14 item 4; DESIGN.md §20; docs/decisions/0640): over
 * SMTP with nodemailer when SMTP_URL is set, else as `.eml` files (the same MIME message,
 * composed by nodemailer's stream transport) in the outbox folder (config/outbox.server.ts).
 */

/** A file attached to an email (nodemailer's attachment: filename, content, contentType). */
export type MailAttachment = { filename: string; content: Buffer | string; contentType?: string };

/** One message to send. `fileStem` names the `.eml` file when mail goes to files. */
export type OutgoingMail = {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** A stable Message-ID (`<…@…>`), so a receiver can tell a re-send of one email from a new one. */
  messageId?: string;
  /** Extra headers (the newsletter's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  attachments: MailAttachment[];
  fileStem: string;
};

/** Sends mail; `send` rejects with the server's (or the file system's) error. */
export type MailTransport = {
  /** `smtp://host:port` (no credentials) or the outbox folder: for log lines. */
  where: string;
  kind: "smtp" | "files";
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
};

/** SMTP time limits, ms: connecting, the server's greeting, and silence on the socket. */
export const SMTP_TIMEOUTS_MS = { connection: 15_000, greeting: 15_000, socket: 60_000 } as const;

function message(mail: OutgoingMail): Mail.Options {
  return {
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    headers: mail.headers,
    attachments: mail.attachments,
  };
}

/** `smtp://host:port` of an SMTP URL, without its user name and password. */
export function smtpWhere(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/**
 * The transport for a configuration: `smtpUrl` (smtp:// — STARTTLS when the server offers it —
 * or smtps://, credentials in the URL) sends through that server, one connection per message;
 * without it each message is written to `outboxDir/{fileStem}.eml` (the folder is created).
 */
export function createMailTransport(options: { smtpUrl?: string | null; outboxDir: string }): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: SMTP_TIMEOUTS_MS.connection,
      greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
      socketTimeout: SMTP_TIMEOUTS_MS.socket,
    });
    return {
      where: smtpWhere(options.smtpUrl),
      kind: "smtp",
      send: async (mail) => {
        await transporter.sendMail(message(mail));
      },
      close: () => transporter.close(),
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    where: options.outboxDir,
    kind: "files",
    send: async (mail) => {
      const info = await composer.sendMail(message(mail));
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${mail.fileStem.replace(/[^A-Za-z0-9._-]/g, "_")}.eml`);
      await fs.writeFile(file, info.message as Buffer);
    },
    close: () => composer.close(),
  };
}
