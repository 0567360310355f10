import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forbiddenLines, readCapturedLogs, TEST_LOG_DIR_VARIABLE } from './log-capture';

/**
 * Vitest global setup of the server project: every test app writes its log lines (level debug)
 * to a file of this run's folder; when the run ends, any line carrying an e-mail address, a
 * token, query text or parameters fails the run (issue 10: logs never carry health data).
 */
export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'glucosuivi-test-logs-'));
  process.env[TEST_LOG_DIR_VARIABLE] = dir;
  return () => {
    const hits = readCapturedLogs(dir).flatMap(({ file, text }) =>
      forbiddenLines(text).map((line) => `${file}: ${line.slice(0, 400)}`),
    );
    const lines = readCapturedLogs(dir).reduce((n, { text }) => n + text.split('\n').length - 1, 0);
    if (hits.length > 0) {
      // Kept for inspection; the message names the folder. Vitest reports a teardown error but
      // keeps exit code 0, so the run is failed explicitly.
      process.exitCode = 1;
      throw new Error(
        `${hits.length} log line(s) carry personal data or query values (of ${lines}; logs in ${dir}):\n${hits.slice(0, 20).join('\n')}`,
      );
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
