import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSignIn, apiSignUp, axeViolations, ORIGIN, signInAsAdmin, trackMissingKeys, uniqueEmail } from './support/accounts';

// The signed-in frame (issue 12): every built page of each role reached from the menu alone, by
// keyboard, on a phone and on a laptop; on each page no sideways scroll, no two controls on top of
// each other, a header of at most 64 px, and no axe violation. Screenshots land in e2e/artifacts/.

const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

interface MenuPage {
  path: string;
  label: string;
  /** In the header row on a wide screen; otherwise only in the menu sheet. */
  inline: boolean;
}

/** What each role's menu must offer: every built page (the route table's `menuFor`), in order. */
const MENUS: Record<'patient' | 'professional' | 'admin', { home: string; pages: readonly MenuPage[] }> = {
  patient: {
    home: '/patient-dashboard',
    pages: [
      { path: '/new-measurement', label: 'Nouvelle mesure', inline: true },
      { path: '/reports', label: 'Rapports', inline: true },
      { path: '/weekly-report', label: 'Rapport hebdomadaire', inline: false },
      { path: '/profil', label: 'Mon profil', inline: true },
      { path: '/notifications', label: 'Notifications', inline: false },
      { path: '/messages', label: 'Messages', inline: false },
      { path: '/appointments', label: 'Rendez-vous', inline: false },
      { path: '/reminders', label: 'Rappels', inline: false },
      { path: '/cgm-connection', label: 'Connexion capteur', inline: false },
      { path: '/abonnement', label: 'Mon abonnement', inline: false },
      { path: '/community', label: 'Communauté', inline: false },
      { path: '/support', label: 'Support', inline: false },
      { path: '/settings', label: 'Paramètres', inline: false },
      { path: '/patient-dashboard', label: 'Tableau de bord', inline: true },
    ],
  },
  professional: {
    home: '/doctor',
    pages: [
      { path: '/doctor-notifications', label: 'Notifications', inline: false },
      { path: '/patient-invitations', label: 'Invitations patients', inline: true },
      { path: '/doctor-appointments', label: 'Consultations', inline: false },
      { path: '/doctor-profile', label: 'Mon profil professionnel', inline: true },
      { path: '/doctor-resources', label: 'Ressources', inline: false },
      { path: '/doctor-support', label: 'Support', inline: false },
      { path: '/doctor-settings', label: 'Paramètres', inline: false },
      { path: '/department-tracking', label: 'Suivi du service', inline: false },
      { path: '/doctor', label: 'Tableau de bord', inline: true },
    ],
  },
  admin: {
    home: '/admin',
    pages: [
      { path: '/doctor-settings', label: 'Paramètres', inline: false },
      { path: '/admin', label: 'Tableau de bord', inline: true },
    ],
  },
};

/** Labels that are not built yet must never be offered. */
const NOT_BUILT: string[] = [];

function demoPassword(email: string): string {
  const file = join(process.env.E2E_DATA_DIR ?? '', 'demo-accounts.txt');
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${email} `) || l.startsWith(`${email}\t`));
  const password = line?.trim().split(/\s+/)[1];
  if (!password) throw new Error(`${email} is not in demo-accounts.txt`);
  return password;
}

async function signIn(page: Page, role: keyof typeof MENUS): Promise<void> {
  if (role === 'admin') {
    expect(await signInAsAdmin(page), 'admin sign-in').toBe(true);
    return;
  }
  const email = role === 'patient' ? 'camille.dupont@demo.glucosuivi.fr' : 'dr.bernard@demo.glucosuivi.fr';
  const response = await apiSignIn(page.request, email, demoPassword(email));
  expect(response.ok(), await response.text()).toBe(true);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^(Menu|Menú)$/ });
const sheet = (page: Page) => page.getByRole('dialog', { name: /^(Menu|Menú)$/ });

/** Activates a control from the keyboard: focus it, then Enter. */
async function press(locator: Locator): Promise<void> {
  await locator.focus();
  await expect(locator).toBeFocused();
  await locator.press('Enter');
}

async function openMenu(page: Page): Promise<Locator> {
  await press(menuButton(page));
  await expect(sheet(page)).toBeVisible();
  // The focus is trapped in the sheet.
  expect(await sheet(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
  return sheet(page);
}

/** Waits until the page has settled: its heading, no loading screen, no pending request. */
async function settled(page: Page, path: string): Promise<void> {
  // Generous: the app's scripts start after the first paint, on a machine shared with other runs.
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?.*)?$`), { timeout: 20_000 });
  await expect(h1(page)).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

/** The layout rules of every page: header ≤ 64 px, no sideways scroll, no overlapping controls. */
async function checkLayout(page: Page, where: string): Promise<void> {
  const header = await page.getByRole('banner').boundingBox();
  expect(header!.height, `${where}: header height`).toBeLessThanOrEqual(64);
  const scroll = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll.width, `${where}: horizontal scroll`).toBeLessThanOrEqual(scroll.inner);
  const overlaps = await page.evaluate(() => {
    const selector = 'a[href], button, input, select, textarea, summary, [role="button"], [role="switch"], [role="radio"]';
    const visible = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((el) => {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      if (el.closest('[aria-hidden="true"]')) return false;
      const r = el.getBoundingClientRect();
      // Skip links and other screen-reader-only controls are 1 px until focused.
      return r.width > 2 && r.height > 2;
    });
    const name = (el: HTMLElement) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const found: string[] = [];
    for (let i = 0; i < visible.length; i++) {
      for (let j = i + 1; j < visible.length; j++) {
        const [a, b] = [visible[i]!, visible[j]!];
        // A control inside another (a radio inside its label) is one control.
        if (a.contains(b) || b.contains(a)) continue;
        const [ra, rb] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (x > 1 && y > 1) found.push(`${name(a)} × ${name(b)}`);
      }
    }
    return found;
  });
  expect(overlaps, `${where}: overlapping controls`).toEqual([]);
}

async function screenshot(page: Page, file: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${file}.png`), fullPage: false });
}

const slug = (path: string) => path.replace(/^\//, '').replace(/\//g, '-') || 'root';

for (const size of SIZES) {
  for (const role of ['patient', 'professional', 'admin'] as const) {
    test(`${role} reaches every built page from the menu, by keyboard, at ${size.width}×${size.height}`, async ({ browser }) => {
      test.setTimeout(300_000);
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      const missing = trackMissingKeys(page);
      await signIn(page, role);
      const { home, pages } = MENUS[role];

      // The site root sends a signed-in person to their own space.
      await page.goto('/');
      await settled(page, home);

      // Only built pages are offered.
      const menu = await openMenu(page);
      for (const label of NOT_BUILT) await expect(menu.getByRole('link', { name: label, exact: true })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(sheet(page)).toBeHidden();
      await expect(menuButton(page)).toBeFocused();

      const violations: string[] = [];
      let current = home;
      for (const target of [{ path: home, label: '', inline: true }, ...pages]) {
        if (target.path !== current) {
          const wide = size.width >= 1280 && target.inline;
          if (wide) {
            await press(page.getByRole('banner').getByRole('navigation').getByRole('link', { name: target.label, exact: true }));
          } else {
            const opened = await openMenu(page);
            await press(opened.getByRole('link', { name: new RegExp(`^${target.label}`) }));
            await expect(sheet(page)).toBeHidden();
          }
          current = target.path;
        }
        await settled(page, target.path);
        const where = `${role} ${size.name} ${target.path}`;

        // The current page is marked where its link is shown.
        if (size.width >= 1280 && target.inline) {
          await expect(page.getByRole('banner').getByRole('link', { name: target.label || 'Tableau de bord', exact: true })).toHaveAttribute('aria-current', 'page');
        } else {
          const opened = await openMenu(page);
          await expect(opened.locator('a[aria-current="page"]')).toHaveAttribute('href', target.path);
          await page.keyboard.press('Escape');
          await expect(sheet(page)).toBeHidden();
        }

        await checkLayout(page, where);
        // A page's content is the same markup at both sizes: scanned on the phone; on the laptop
        // only the home page, for the header's inline links.
        if (size.name === 'phone' || target.path === home) violations.push(...(await axeViolations(page, where)));
        await screenshot(page, `nav-${role}-${size.name}-${slug(target.path)}`);
      }
      expect(violations).toEqual([]);
      expect(missing).toEqual([]);
      await context.close();
    });
  }
}

test('the menu sheet traps focus, closes on Escape and gives the focus back', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, 'professional');
  await page.goto('/doctor');
  await settled(page, '/doctor');
  const opened = await openMenu(page);
  // Tab past the last control comes back inside the sheet.
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
  expect(await opened.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  expect(await axeViolations(page, 'menu sheet open')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(sheet(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
  // 'Aller à la navigation' lands on the navigation; on the phone its controls are, in reading
  // order, the professional's notification bell and then the menu button.
  await page.keyboard.press('Alt+2');
  await expect(page.locator('#main-navigation')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('banner').getByTestId('alert-badge')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menuButton(page)).toBeFocused();
  await context.close();
});

test('the patient menu shows the number of open alerts, as the bell does', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // A patient of its own: the demo patient's alerts depend on the hour it was seeded and are
  // marked as seen by the professional's journey running alongside.
  expect((await apiSignUp(page.request, { email: uniqueEmail('nav-alerts') })).ok()).toBe(true);
  for (const [hoursAgo, value] of [
    [3, 52],
    [1, 48],
  ] as const) {
    const measuredAt = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
    const stored = await page.request.post('/api/measurements', { headers: ORIGIN, data: { kind: 'glucose', measuredAt, value, unit: 'mg/dL' } });
    expect(stored.status(), await stored.text()).toBe(201);
  }
  const alerts = await page.request.get('/api/alerts?status=open&limit=1');
  expect(((await alerts.json()) as { counts: { open: number } }).counts.open, 'two low readings, two open alerts').toBe(2);
  await page.goto('/patient-dashboard');
  await settled(page, '/patient-dashboard');
  const menu = await openMenu(page);
  // The visible number is hidden from screen readers, which hear the sentence instead.
  const link = menu.getByRole('link', { name: 'Notifications 2 notifications non lues', exact: true });
  await expect(link).toBeVisible();
  await expect(link.locator('[aria-hidden="true"]').last()).toHaveText('2');
  await context.close();
});

// The French frame is scanned at both sizes above. Each other language once, where its texts
// are hardest to fit: Spanish (the longest) on the phone, English on the laptop.
for (const [lng, size] of [
  ['en', SIZES[1]],
  ['es', SIZES[0]],
] as const) {
  test(`the signed-in frame is axe clean in ${lng}, at ${size.width}×${size.height}`, async ({ browser }) => {
    test.setTimeout(300_000);
    const violations: string[] = [];
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, reducedMotion: 'reduce', locale: lng });
    const page = await context.newPage();
    const missing = trackMissingKeys(page);
    // Fresh accounts in that language (the demo accounts are French and shared with other journeys).
    const patient = await apiSignUp(page.request, { email: uniqueEmail(`nav-${lng}`), language: lng });
    expect(patient.ok(), await patient.text()).toBe(true);
    for (const path of ['/patient-dashboard', '/reports', '/profil', '/settings']) {
      await page.goto(path);
      await settled(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await checkLayout(page, `${lng} ${size.name} ${path}`);
      violations.push(...(await axeViolations(page, `${lng} ${size.name} ${path}`)));
    }
    await openMenu(page);
    violations.push(...(await axeViolations(page, `${lng} ${size.name} menu`)));
    await page.keyboard.press('Escape');
    await page.request.post('/api/accounts/sign-out', { headers: { Origin: new URL(page.url()).origin }, data: {} });

    const professional = await apiSignUp(page.request, {
      email: uniqueEmail(`nav-pro-${lng}`),
      role: 'doctor',
      lastName: 'Roux',
      medicalLicense: '10000000009',
      language: lng,
    });
    expect(professional.ok(), await professional.text()).toBe(true);
    for (const path of ['/doctor', '/patient-invitations', '/doctor-profile']) {
      await page.goto(path);
      await settled(page, path);
      await checkLayout(page, `${lng} ${size.name} ${path}`);
      violations.push(...(await axeViolations(page, `${lng} ${size.name} ${path}`)));
    }
    expect(missing).toEqual([]);
    await context.close();
    expect(violations).toEqual([]);
  });
}

test.describe('spec behaviours', () => {
  test('an unknown path answers 404 and still shows the app’s page; a known one answers 200', async ({ page }) => {
    const unknown = await page.goto('/no-such-page');
    expect(unknown?.status()).toBe(404);
    await expect(h1(page)).toHaveText('Oops! Page not found');
    expect((await page.goto('/privacy-policy'))?.status()).toBe(200);
    expect((await page.goto('/doctor/patients/anything'))?.status()).toBe(200);
  });

  test('accessibility choices are kept across reloads', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(h1(page)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: "Options d'accessibilité" }).click();
    await page.getByRole('dialog').getByRole('switch', { name: 'Texte agrandi' }).click();
    await page.getByRole('dialog').getByRole('switch', { name: 'Contraste élevé' }).click();
    await page.keyboard.press('Escape');
    await page.reload();
    // Applied before the app starts (theme-init.js), then kept by the app.
    await expect(page.locator('html')).toHaveClass(/\blarge-text\b/);
    await expect(page.locator('html')).toHaveClass(/\bhigh-contrast\b/);
    await expect(h1(page)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: "Options d'accessibilité" }).click();
    await expect(page.getByRole('dialog').getByRole('switch', { name: 'Texte agrandi' })).toHaveAttribute('aria-checked', 'true');
  });

  test('the landing page marks features not built yet as coming soon and shows contact details', async ({ page }) => {
    await page.goto('/');
    const soon = page.locator('#features li', { hasText: 'Bientôt' });
    // Every feature card's page or card is built: none promises anything "bientôt".
    await expect(page.locator('#features li')).not.toHaveCount(0);
    await expect(soon).toHaveCount(0);
    const titled = (title: string) => soon.filter({ has: page.getByRole('heading', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}`) }) });
    // Advice, messages, appointments, reminders and the CGM connection are built.
    await expect(titled('Conseils explicables')).toHaveCount(0);
    await expect(page.locator('#features li').filter({ has: page.getByRole('heading', { name: /^Conseils explicables/ }) })).toHaveCount(1);
    await expect(titled('Messagerie')).toHaveCount(0);
    await expect(titled('Rendez-vous')).toHaveCount(0);
    await expect(titled('Rappels')).toHaveCount(0);
    await expect(titled('Capteurs de glucose (CGM)')).toHaveCount(0);
    await expect(page.locator('#features li').filter({ has: page.getByRole('heading', { name: /^Messagerie/ }) })).toHaveCount(1);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'contact@glucosuivi.fr' })).toHaveAttribute('href', 'mailto:contact@glucosuivi.fr');
    // The postal address comes from LEGAL_ADDRESS, unset on this server: no address line, and no
    // placeholder sentence in its place.
    await expect(footer).not.toContainText("Celle de l'éditeur");
    await expect(footer).not.toContainText('Adresse');
  });

  test('signing in cancels a pending deletion and says so', async ({ page }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('nav-deletion');
    expect((await apiSignUp(page.request, { email })).ok()).toBe(true);
    await page.goto('/settings');
    await settled(page, '/settings');
    const requested = await page.request.post('/api/accounts/deletion', { headers: { Origin: new URL(page.url()).origin }, data: { confirm: true } });
    expect(requested.ok(), await requested.text()).toBe(true);
    await page.goto('/auth');
    await page.getByLabel(/^Adresse e-mail/).fill(email);
    await page.getByLabel(/^Mot de passe/).fill('Quartz-Violon-Marée-7319');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/patient-dashboard$/, { timeout: 20_000 });
    await expect(page.locator('[data-sonner-toast]', { hasText: 'Votre demande de suppression de compte a été annulée.' })).toBeVisible();
  });
});
