// A real SMTP server on loopback for the journeys: the production server sends its e-mails
// over SMTP (nodemailer, as in production) and this sink parses each message (mailparser) and
// writes it as `{ from, to, subject, text, html }` JSON into `<dataDir>/outbox`, the same shape the
// server itself writes when no SMTP_URL is set, so journeys read e-mails one way.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** Starts the sink on a free loopback port; resolves with its SMTP_URL and a close function. */
export async function startSmtpSink(dataDir) {
  const outbox = join(dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`);
          const message = {
            from: mail.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address).join(', '),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          };
          writeFileSync(file, JSON.stringify(message, null, 2));
          callback();
        })
        .catch((error) => callback(error));
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
