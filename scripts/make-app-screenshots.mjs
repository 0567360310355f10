// Takes the screenshots the manifest offers in the install dialog (apps/web/public/screenshots):
// the demo patient's dashboard on a phone (390×844) and a wide screen (1280×800), in French,
// from a running server seeded with the demo (fictitious data only), in the machine's Chromium.
//   BASE_URL=http://127.0.0.1:3000 DATA_DIR=./data node scripts/make-app-screenshots.mjs
// (DATA_DIR: the server's data folder, whose demo-accounts.txt has the demo passwords.)
// The PNGs are committed: the build copies them, it never runs this.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const root = fileURLToPath(new URL('..', import.meta.url));
const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const dataDir = process.env.DATA_DIR ?? join(root, 'data');
const DEMO_PATIENT = 'camille.dupont@demo.glucosuivi.fr';
const line = readFileSync(join(dataDir, 'demo-accounts.txt'), 'utf8')
  .split('\n')
  .find((l) => l.startsWith(`${DEMO_PATIENT} `));
const password = line?.trim().split(/\s+/)[1];
if (!password) throw new Error(`${DEMO_PATIENT} is not in ${dataDir}/demo-accounts.txt`);

const out = join(root, 'apps/web/public/screenshots');
mkdirSync(out, { recursive: true });
const shots = [
  { file: 'dashboard-narrow.png', viewport: { width: 390, height: 844 } },
  { file: 'dashboard-wide.png', viewport: { width: 1280, height: 800 } },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
try {
  for (const shot of shots) {
    const context = await browser.newContext({ baseURL: base, viewport: shot.viewport, locale: 'fr-FR', timezoneId: 'Europe/Paris', reducedMotion: 'reduce' });
    const signIn = await context.request.post('/api/accounts/sign-in', { headers: { Origin: base }, data: { email: DEMO_PATIENT, password } });
    if (!signIn.ok()) throw new Error(`sign-in: ${signIn.status()}`);
    const page = await context.newPage();
    await page.goto('/patient-dashboard');
    // The app (chart, advice) starts at the first sign of use: a pointer over the page.
    await page.mouse.move(shot.viewport.width / 2, shot.viewport.height / 2);
    await page.locator('canvas').first().waitFor({ state: 'visible', timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(out, shot.file) });
    await context.close();
    console.log(`screenshots/${shot.file} (${shot.viewport.width}×${shot.viewport.height})`);
  }
} finally {
  await browser.close();
}
