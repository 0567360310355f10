import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Set by scratch.global.ts: the run's folder, removed with everything in it when the run ends. */
export const TEST_SCRATCH_DIR_VARIABLE = 'GLUCOSUIVI_TEST_SCRATCH_DIR';

/**
 * A new empty folder for a test's files (a data folder, a PDF, an archive). It lives in the run's
 * scratch folder, so nothing is left in the system's temp folder after `npm test`, whether the test
 * passed, failed or was interrupted between its own steps. Outside the vitest run (no variable),
 * the system's temp folder.
 */
export function scratchDir(prefix: string): string {
  return mkdtempSync(join(process.env[TEST_SCRATCH_DIR_VARIABLE] ?? tmpdir(), prefix));
}
