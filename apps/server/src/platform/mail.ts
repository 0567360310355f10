import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The Message-ID header, `<id@domain>`. Set by deliveries that may be sent twice (a job run
   * again after a crash): the same id lets the receiving side drop the copy. Absent: nodemailer
   * makes a random one.
   */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as a JSON file to the outbox
 * folder (development and the demo), so nothing silently disappears.
 */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
      secure: url.protocol === 'smtps:',
      ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
      // Local relays in tests and many small deployments do not offer TLS.
      ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    send: async (message) => {
      mkdirSync(options.outboxDir, { recursive: true });
      const file = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`);
      writeFileSync(file, JSON.stringify({ from: options.from, ...message }, null, 2));
    },
  };
}
