// Runs the shared locale checker when it is beside the project (../shared), else says so.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tool = new URL('../../shared/tools/check-locales', import.meta.url);
if (!existsSync(tool)) {
  console.log('check-locales: ../shared/tools/check-locales not found, skipped');
} else {
  execFileSync(process.execPath, [fileURLToPath(tool), root], { stdio: 'inherit' });
}
