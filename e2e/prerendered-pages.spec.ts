import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, apiSignUp, uniqueEmail } from './support/accounts';
import { appStarted, trackErrors } from './support/rendered-pages';

/**
 * The prerendered entry pages (scripts/prerender.mjs) are hydrated by the app (main.tsx): the
 * nodes on screen stay, no hydration error, and every attribute React knows matches the DOM
 * (in production React reports no attribute mismatch, so an id from `useId` that differs between
 * build and client would go unnoticed without this check).
 */

const PAGES = [
  { path: '/', control: 'Voir la démo' },
  { path: '/auth', control: 'Se connecter' },
] as const;

/** Holds the app's entry script back until `release()`, as a slow connection would. */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Attributes whose DOM value differs from the props React holds for the same element. */
async function attributeMismatches(page: Page): Promise<string[]> {
  const { compared, found } = await page.evaluate(() => {
    const checked: Record<string, string> = { id: 'id', htmlFor: 'for', href: 'href', className: 'class', role: 'role', type: 'type' };
    const found: string[] = [];
    let compared = 0;
    for (const element of Array.from(document.querySelectorAll('#root *'))) {
      const key = Object.keys(element).find((name) => name.startsWith('__reactProps$'));
      if (!key) continue;
      const props = (element as unknown as Record<string, Record<string, unknown>>)[key]!;
      for (const [prop, value] of Object.entries(props)) {
        const attribute = checked[prop] ?? (prop.startsWith('aria-') ? prop : undefined);
        if (!attribute || (typeof value !== 'string' && typeof value !== 'number')) continue;
        const actual = element.getAttribute(attribute);
        compared += 1;
        if (actual !== String(value)) found.push(`<${element.tagName.toLowerCase()}> ${attribute}="${actual}", React: "${value}"`);
      }
    }
    return { compared, found };
  });
  // The page's own attributes were read (React's internal keys are where this expects them).
  expect(compared).toBeGreaterThan(100);
  return found;
}


for (const { path, control } of PAGES) {
  test(`${path} works without the app until a control is used, then is hydrated: same nodes, no error, no attribute mismatch`, async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto(path);
    // Loaded, the scripts fetched into the cache, and still no app: nothing blocks the page.
    await page.waitForLoadState('networkidle');
    expect(await appStarted(page)).toBe(false);
    await expect(page.getByRole('button', { name: control })).toBeEnabled();
    expect(await page.locator('[data-prerender-inert]').count()).toBeGreaterThan(0);
    await page.evaluate(() => {
      (window as unknown as { prerenderedH1?: Element | null }).prerenderedH1 = document.querySelector('h1');
    });
    // A key is a sign of use: the app starts and takes the controls over.
    await page.keyboard.press('Tab');
    await expect(page.locator('[data-prerender-inert]')).toHaveCount(0);
    expect(await appStarted(page)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.querySelector('h1') === (window as unknown as { prerenderedH1?: Element }).prerenderedH1)).toBe(true);
    // Only the controls the page itself disables are disabled.
    expect(await page.locator('#root :is(button, input, select, textarea)[disabled]').count()).toBe(0);
    expect(await attributeMismatches(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('scrolling starts the app, and its start leaves the page where the visitor scrolled it', async ({ page }) => {
  const errors = trackErrors(page);
  await page.goto('/');
  expect(await appStarted(page)).toBe(false);
  // A scroll is a sign of use: the app starts while the visitor reads further down.
  await page.evaluate(() => window.scrollTo(0, Math.round(document.body.scrollHeight / 2)));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  // Hydrated and handed over: the layout (with the router's scroll handling) committed before.
  await expect(page.locator('[data-prerender-inert]')).toHaveCount(0);
  expect(await appStarted(page)).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  // A tap there lands where it was aimed: the demo dialog opens.
  await page.getByRole('button', { name: 'Voir la démo' }).click();
  await expect(page.getByRole('dialog', { name: 'Découvrez GlucoSuivi' }).getByRole('listitem')).toHaveCount(6);
  expect(errors).toEqual([]);
});

test('typed and pressed before the app has arrived: the sign-in goes through once, with what was typed', async ({ page, request }) => {
  const errors = trackErrors(page);
  const email = uniqueEmail('prerender');
  expect((await apiSignUp(request, { email })).status()).toBe(201);
  const release = await holdApp(page);
  const signIns: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/accounts/sign-in')) signIns.push(sent.postData() ?? '');
  });
  await page.goto('/auth');
  await page.getByLabel(/^Adresse e-mail/).fill(email);
  await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  // The app is still on its way: the click is held, nothing was sent.
  await expect(page.locator('[data-prerender-held]')).toHaveCount(1);
  expect(signIns).toEqual([]);
  release();
  await expect(page).toHaveURL(/\/patient-dashboard$/);
  expect(signIns).toHaveLength(1);
  expect(JSON.parse(signIns[0]!)).toMatchObject({ email, password: PASSWORD });
  expect(errors).toEqual([]);
});

test('a field typed into once the app has started keeps its value after the session answers', async ({ page }) => {
  const errors = trackErrors(page);
  await page.goto('/auth');
  const email = page.getByLabel(/^Adresse e-mail/);
  await expect(email).toBeEnabled();
  await email.fill('camille@example.org');
  await page.waitForLoadState('networkidle');
  await expect(email).toHaveValue('camille@example.org');
  await page.getByLabel(/^Mot de passe/).fill('secret');
  await expect(email).toHaveValue('camille@example.org');
  expect(errors).toEqual([]);
});

test('a saved theme shows in the hydrated theme menu, with no error', async ({ page }) => {
  const errors = trackErrors(page);
  await page.addInitScript(() => window.localStorage.setItem('glucosuivi-ui-theme', 'dark'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByLabel('Thème')).toBeEnabled();
  await expect(page.getByLabel('Thème')).toHaveValue('dark');
  expect(await attributeMismatches(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('English from ?lng=en or from the saved language gets the English page, not the French HTML', async ({ page }) => {
  const errors = trackErrors(page);
  await page.goto('/?lng=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your blood sugar, simply tracked, shared with confidence');
  await page.addInitScript(() => window.localStorage.setItem('glucosuivi-lang', 'en'));
  for (const path of ['/', '/auth']) {
    const response = await page.goto(path);
    // The server sent the French prerendered page: the app replaced it with the English one.
    expect(await response?.text()).toContain('data-prerendered=');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).not.toHaveText(/[àéè]|Connexion|Votre glycémie/);
    await expect(page.locator('[data-prerender-inert]')).toHaveCount(0);
  }
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Log in');
  expect(errors).toEqual([]);
});
