import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** One e-mail the server sent, as the loopback SMTP sink filed it (e2e/support/smtp-sink.mjs). */
export interface SentMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see e2e/playwright.config.ts)');
  return join(dataDir, 'outbox');
}

function readOutbox(): SentMail[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir()).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files.sort().map((f) => JSON.parse(readFileSync(join(outboxDir(), f), 'utf8')) as SentMail);
}

/** Waits for the newest e-mail to `to` that matches `predicate` (the server sends after answering). */
export async function waitForMail(to: string, predicate: (mail: SentMail) => boolean = () => true, timeoutMs = 10_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox()
      .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && predicate(mail))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link in an e-mail's text that starts with `prefix` (a path such as `/invitations/accept`). */
export function linkIn(mail: SentMail, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`no link to ${path} in the e-mail "${mail.subject}"`);
  return match[0];
}
