import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/** Set by the server project's global setup (vitest.config.ts): where every test app's log lines go. */
export const TEST_LOG_DIR_VARIABLE = 'GLUCOSUIVI_TEST_LOG_DIR';

/** A pino destination that keeps the lines in memory and appends them to this worker's file. */
export function createLogCapture(): { lines: string[]; stream: { write(line: string): void } } {
  const lines: string[] = [];
  const dir = process.env[TEST_LOG_DIR_VARIABLE];
  const file = dir && existsSync(dir) ? join(dir, `${process.pid}-${threadId}.log`) : undefined;
  return {
    lines,
    stream: {
      write(line: string) {
        lines.push(line);
        // Synchronous: a worker may end right after its last test, before an async write lands.
        if (file) appendFileSync(file, line);
      },
    },
  };
}

/** What must never appear in a log line, whatever the request. */
export const FORBIDDEN_IN_LOGS: readonly { name: string; pattern: RegExp }[] = [
  {
    name: 'e-mail address',
    pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/,
  },
  // Share, invitation and reset tokens are 32 random bytes in base64url.
  { name: 'token', pattern: /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/ },
  { name: 'failed query text', pattern: /Failed query|\binsert into\b|\bupdate "|\bselect "/i },
  { name: 'query parameters', pattern: /"(params|parameters|detail|body|query|payload)":/ },
];

/** Lines of `text` that carry something from FORBIDDEN_IN_LOGS or one of the `markers`. */
export function forbiddenLines(text: string, markers: readonly (string | RegExp)[] = []): string[] {
  const patterns = [
    ...FORBIDDEN_IN_LOGS.map((f) => f.pattern),
    ...markers.map((m) => (typeof m === 'string' ? new RegExp(escape(m)) : m)),
  ];
  return text.split('\n').filter((line) => line !== '' && patterns.some((p) => p.test(line)));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every line written by the test apps of this run, file by file. */
export function readCapturedLogs(dir: string): { file: string; text: string }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.log'))
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
}
