import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_SCRATCH_DIR_VARIABLE } from './scratch';

/**
 * Vitest global setup of the server project: one folder for the run's scratch files
 * (scratch.ts), handed to the test workers through the environment and removed when the run ends.
 */
export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'glucosuivi-test-scratch-'));
  process.env[TEST_SCRATCH_DIR_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
