import 'server-only';
import { createTransport, type Transporter } from 'nodemailer';
import { env } from '../env';

// The SMTP transport of SMTP_URL: smtp:// upgrades with STARTTLS when the server offers it,
// smtps:// speaks TLS from the start (nodemailer reads both from the URL). One per URL, pooled
// connections closed when idle.

export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), from unsubscribe-links.ts */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const transports = new Map<string, Transporter>();

/** Timeouts short enough that an SMTP server gone silent fails the attempt, not the job. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function smtpMailer(url: string): Mailer {
  let transport = transports.get(url);
  if (!transport) {
    transport = createTransport({ url, ...TIMEOUTS });
    transports.set(url, transport);
  }
  const t = transport;
  return {
    async send(mail) {
      await t.sendMail(mail);
    },
  };
}

/** What a mail job is given in place of the settings (the tests); each left out is read from them. */
export interface MailSetup {
  mailer?: Mailer;
  from?: string;
  publicUrl?: string;
}

/**
 * The transport, sender and public address a mail job uses: what it was given, else SMTP_URL,
 * MAIL_FROM and CONSOLE_PUBLIC_URL. Null when e-mail is off (any of them unset): what waits keeps
 * waiting until it is on.
 */
export function mailSetup({ mailer, from, publicUrl }: MailSetup) {
  const e = mailer && from && publicUrl ? null : env();
  const send = mailer ?? (e?.SMTP_URL ? smtpMailer(e.SMTP_URL) : null);
  const sender = from ?? e?.MAIL_FROM;
  const base = publicUrl ?? e?.CONSOLE_PUBLIC_URL;
  return send && sender && base ? { send, sender, base } : null;
}
