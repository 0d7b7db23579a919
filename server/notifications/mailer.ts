import 'server-only';
import { createTransport, type Transporter } from 'nodemailer';

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
