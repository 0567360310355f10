import type { ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ORIGIN, PASSWORD, signUpPatient, storedMeasurements } from './support/health-api';
import { axe } from './support/axe';
import { freePort } from './support/ports';
import { startServerProcess } from './support/server-process';


// Issue 37: installable, and usable offline. A patient's phone (390×844) in Debian's Chromium.
test.use({ viewport: { width: 390, height: 844 } });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** Waits until the app's service worker controls the page (it registers once the page is idle). */
async function controlledByWorker(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 }).toMatch(/\/sw\.js$/);
}

/** The last dashboard's answers kept for offline reading (the page keeps them once they settle). */
const keptDashboard = (page: Page) =>
  page.evaluate(async () => {
    const hit = await (await caches.open('glucosuivi-data')).match('/offline/last-dashboard.json');
    return hit ? ((await hit.json()) as { dataAt: number }) : null;
  });

/** Every entry of the device's queue, as stored in IndexedDB. */
const queuedEntries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('glucosuivi-offline', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('entries', { keyPath: 'clientKey' });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('entries', 'readonly').objectStore('entries').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result as unknown[]);
          };
        };
      }),
  );

/** Every URL kept in Cache Storage, by cache. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    return out;
  });

/** Starts the app on the server-rendered dashboard at once (public/boot.js starts it at the first sign of use). */
async function openDashboard(page: Page): Promise<void> {
  await page.goto('/patient-dashboard');
  await expect(h1(page)).toHaveText('Tableau de bord');
  await page.mouse.move(10, 200);
  await expect(page.getByRole('link', { name: 'Nouvelle mesure' }).first()).toBeVisible();
}

async function saveEntry(page: Page, fill: () => Promise<void>): Promise<void> {
  await page.getByRole('link', { name: 'Nouvelle mesure' }).first().click();
  await expect(h1(page)).toHaveText('Nouvelle mesure');
  await fill();
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Saisie gardée sur cet appareil', { exact: false }).last()).toBeVisible();
  await expect(h1(page)).toHaveText('Tableau de bord');
}

test('installable; offline the dashboard reads and three entries wait, then reach the server once each, even sent twice', async ({ playwright }) => {
  test.setTimeout(120_000);
  // A browser profile of its own, as on a phone: Chromium never offers to install from an
  // incognito context, which Playwright's contexts are ("in-incognito").
  const profile = mkdtempSync(join(tmpdir(), 'glucosuivi-offline-profile-'));
  const use = test.info().project.use;
  const context: BrowserContext = await playwright.chromium.launchPersistentContext(profile, {
    ...use.launchOptions,
    baseURL: use.baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 390, height: 844 },
  });
  try {
    await offlineJourney(context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function offlineJourney(context: BrowserContext): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  await signUpPatient(page, 'Léa');
  // Two readings on the server: the dashboard has figures to show offline.
  for (const [value, at] of [[128, 90], [142, 30]] as const) {
    const res = await page.request.post('/api/measurements', { headers: { Origin: ORIGIN }, data: { kind: 'glucose', value, unit: 'mg/dL', measuredAt: minutesAgo(at) } });
    expect(res.status()).toBe(201);
  }

  await openDashboard(page);
  await controlledByWorker(page);
  // Chromium's own installability check (what decides the install prompt): nothing missing.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
  expect(installabilityErrors).toEqual([]);
  const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
  expect(manifest.errors).toEqual([]);

  // The entry form once online: its files are kept as they load (the pages a reader visits).
  await page.getByRole('link', { name: 'Nouvelle mesure' }).first().click();
  await expect(h1(page)).toHaveText('Nouvelle mesure');
  await page.goBack();
  await expect(h1(page)).toHaveText('Tableau de bord');
  await expect.poll(() => keptDashboard(page), { timeout: 15_000 }).not.toBeNull();

  // Offline, a reload shows the app (not the browser's error page), the banner and the last figures.
  await context.setOffline(true);
  await page.reload();
  await expect(h1(page)).toHaveText('Tableau de bord');
  await expect(page.getByTestId('offline-banner')).toContainText('Vous êtes hors ligne');
  await expect(page.getByTestId('offline-data-date')).toHaveText(/^Données du .+ à \d{2}:\d{2}$/);
  await expect(page.getByText('142', { exact: false }).first()).toBeVisible();

  // Three entries, made offline: kept on the device, shown as waiting.
  await saveEntry(page, () => page.getByRole('textbox', { name: /^Glycémie/ }).fill('155'));
  await saveEntry(page, async () => {
    await page.getByText('Événement', { exact: true }).click();
    await page.getByLabel("Type d'événement").selectOption({ label: 'Insuline' });
    await page.getByRole('textbox', { name: /^Unités d'insuline/ }).fill('4');
  });
  await saveEntry(page, async () => {
    await page.getByText('Événement', { exact: true }).click();
    await page.getByLabel("Type d'événement").selectOption({ label: 'Glucides' });
    await page.getByRole('textbox', { name: /^Glucides/ }).fill('45');
  });
  const pending = page.getByTestId('pending-entry');
  await expect(pending).toHaveCount(3);
  await expect(pending.filter({ hasText: "en attente d'envoi" })).toHaveCount(3);
  expect((await axe(page).analyze()).violations, 'offline dashboard').toEqual([]);
  const queue = await queuedEntries(page);
  expect(queue).toHaveLength(3);
  expect(await storedMeasurements(page)).toHaveLength(2);

  // Back online: each entry reaches the server once, and leaves the queue.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect(pending).toHaveCount(0, { timeout: 15_000 });
  const stored = await storedMeasurements(page);
  expect(stored).toHaveLength(5);
  expect(stored.filter((m) => m.kind === 'glucose' && m.valueMgdl === 155)).toHaveLength(1);
  expect(stored.filter((m) => m.kind === 'event')).toHaveLength(2);

  // The same queue sent again, as after answers lost on the way back: the server answers the
  // stored entries (same ids), nothing is stored twice, and the queue empties.
  await page.evaluate(
    (entries) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('glucosuivi-offline', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('entries', 'readwrite');
          for (const entry of entries) tx.objectStore('entries').put(entry);
          tx.oncomplete = () => {
            open.result.close();
            window.dispatchEvent(new Event('glucosuivi:queue-changed'));
            resolve();
          };
        };
      }),
    queue,
  );
  await expect.poll(async () => (await queuedEntries(page)).length, { timeout: 15_000 }).toBe(0);
  const again = await storedMeasurements(page);
  expect(again.map((m) => m.id).sort()).toEqual(stored.map((m) => m.id).sort());
}

test('sign-out with entries waiting leaves neither the queue nor personal answers on the device', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signUpPatient(page, 'Noé');
  const res = await page.request.post('/api/measurements', { headers: { Origin: ORIGIN }, data: { kind: 'glucose', value: 101, unit: 'mg/dL', measuredAt: minutesAgo(20) } });
  expect(res.status()).toBe(201);
  await openDashboard(page);
  await controlledByWorker(page);
  await expect.poll(() => keptDashboard(page), { timeout: 15_000 }).not.toBeNull();

  await context.setOffline(true);
  await saveEntry(page, () => page.getByRole('textbox', { name: /^Glycémie/ }).fill('99'));
  await expect(page.getByTestId('pending-entry')).toHaveCount(1);
  // Online again, but the entry cannot leave (the server unreachable for this one request): it waits.
  await page.route('**/api/measurements', (route) => (route.request().method() === 'POST' ? route.abort('connectionfailed') : route.fallback()));
  await context.setOffline(false);
  await expect(page.getByTestId('pending-entry')).toHaveCount(1);
  expect(await queuedEntries(page)).toHaveLength(1);

  const signOut = page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' });
  // At 390 px the header's actions may sit behind the menu button.
  if (!(await signOut.isVisible())) await page.getByRole('banner').getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('button', { name: 'Se déconnecter' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => queuedEntries(page)).toEqual([]);
  await expect.poll(() => keptDashboard(page)).toBeNull();
  // What Cache Storage still holds is the app's own files: no API answer, no page of the reader.
  const urls = Object.values(await cachedUrls(page)).flat();
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.filter((path) => !(path.startsWith('/assets/') || ['/index.html', '/theme-init.js', '/boot.js', '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png'].includes(path)))).toEqual([]);
  await page.unroute('**/api/measurements');
});

/**
 * The stylesheets the page uses (paths); null while a navigation replaces the document (the
 * reload after "Recharger" may land between two polls, and a question asked of the old document
 * then has no answer).
 */
const stylesheets = (page: Page) =>
  page
    .evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => new URL(link.href).pathname))
    .catch((error: unknown) => {
      if (error instanceof Error && /Execution context was destroyed|navigation/i.test(error.message)) return null;
      throw error;
    });

/** The production server on a port and data folder of its own, serving the web build in `webDist`; resolves when healthy. */
function startServer(port: number, dataDir: string, webDist: string, output: string[]): Promise<ChildProcess> {
  return startServerProcess(port, dataDir, output, { WEB_DIST: webDist });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * What a deploy of a new build changes in the served folder, done to a copy of this build: its
 * stylesheet under a new hashed name (index.html names it), and the service worker with that
 * build's id, as the build writes them (precompressed copies included).
 */
function deployNextBuild(webDist: string): { stylesheet: string; buildId: string } {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const current = /\/assets\/([^"]+\.css)/.exec(html)?.[1];
  if (!current) throw new Error('no stylesheet in index.html');
  const next = current.replace(/\.css$/, '-next.css');
  copyFileSync(join(webDist, 'assets', current), join(webDist, 'assets', next));
  const worker = readFileSync(join(webDist, 'sw.js'), 'utf8');
  const previousId = /var BUILD_ID = '([^']+)'/.exec(worker)?.[1];
  if (!previousId) throw new Error('no build id in sw.js');
  const buildId = `${previousId.slice(0, 8)}nextbild`;
  const files: [string, string][] = [
    ['index.html', html.replaceAll(`/assets/${current}`, `/assets/${next}`)],
    ['sw.js', worker.replace(`var BUILD_ID = '${previousId}'`, `var BUILD_ID = '${buildId}'`)],
  ];
  for (const [name, content] of files) {
    writeFileSync(join(webDist, name), content);
    writeFileSync(join(webDist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(webDist, `${name}.gz`), gzipSync(content));
  }
  return { stylesheet: `/assets/${next}`, buildId };
}

test('a new build deployed while a tab is open: the prompt appears, and after reload the new files serve', async ({ browser }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const scratch = mkdtempSync(join(tmpdir(), 'glucosuivi-deploy-'));
  const dataDir = join(scratch, 'data');
  const webDist = join(scratch, 'web');
  cpSync(join(import.meta.dirname, '../apps/web/dist'), webDist, { recursive: true });
  const output: string[] = [];
  let server = await startServer(port, dataDir, webDist, output);
  const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  try {
    const page = await context.newPage();
    const signUp = await page.request.post('/api/accounts/sign-up', {
      headers: { Origin: base },
      data: { email: `deploy-${Date.now()}@example.test`, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Inès', role: 'patient', language: 'fr' },
    });
    expect(signUp.status()).toBe(201);
    await page.goto('/new-measurement');
    await expect(h1(page)).toHaveText('Nouvelle mesure');
    await controlledByWorker(page);
    const before = await stylesheets(page);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);

    // The deploy: the server restarts on the new build, the tab stays open.
    await stopServer(server);
    const next = deployNextBuild(webDist);
    server = await startServer(port, dataDir, webDist, output);
    // The browser checks the worker when the tab comes back or every 30 minutes: asked now.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('Nouvelle version disponible', { timeout: 20_000 });
    expect(await stylesheets(page)).toEqual(before);

    await prompt.getByRole('button', { name: 'Recharger' }).click();
    await expect.poll(() => stylesheets(page), { timeout: 20_000 }).toEqual([next.stylesheet]);
    await expect(h1(page)).toHaveText('Nouvelle mesure');
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    // The new worker controls the tab, and only the new build's files are kept.
    expect(await page.evaluate(() => caches.keys())).toEqual(expect.arrayContaining([`glucosuivi-app-${next.buildId}`]));
    expect((await page.evaluate(() => caches.keys())).filter((name) => name.startsWith('glucosuivi-app-'))).toEqual([`glucosuivi-app-${next.buildId}`]);
    const kept = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), `glucosuivi-app-${next.buildId}`);
    expect(kept).toContain(next.stylesheet);
  } finally {
    await context.close();
    await stopServer(server);
    rmSync(scratch, { recursive: true, force: true });
  }
});
