import { expect, test, type Page } from '@playwright/test';
import { axe } from './support/axe';
import { PUBLIC_PAGES } from './routes';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`;
const NOT_FOUND = 'Oops! Page not found';
const LANGS = ['fr', 'en', 'es'] as const;

function trackMissingKeys(page: Page): string[] {
  const missing: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('i18n: missing key')) missing.push(message.text());
  });
  return missing;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const description = (page: Page) => page.locator('meta[name="description"]');

test.describe('public pages', () => {
  for (const lng of LANGS) {
    test(`every public route and alias answers 200 with its own h1, title and description in ${lng}`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const missing = trackMissingKeys(page);
      const headings = new Map<string, string>();
      for (const group of PUBLIC_PAGES) {
        const seen = new Set<string>();
        for (const path of group) {
          const response = await page.goto(`${path}?lng=${lng}`);
          expect(response?.status(), path).toBe(200);
          await expect(h1(page), path).toHaveCount(1);
          const text = ((await h1(page).textContent()) ?? '').trim();
          expect(text, path).not.toBe(NOT_FOUND);
          expect(text, path).not.toBe('');
          await expect(page, path).toHaveTitle(`${text} · GlucoSuivi`);
          await expect(page.locator('html'), path).toHaveAttribute('lang', lng);
          const content = (await description(page).getAttribute('content')) ?? '';
          expect(content.length, path).toBeGreaterThan(40);
          seen.add(`${text}|${content}`);
        }
        expect(seen.size, group.join(' = ')).toBe(1);
        const [text] = [...seen][0]!.split('|');
        expect([...headings.values()], `${group[0]} has its own h1`).not.toContain(text);
        headings.set(group[0]!, text!);
      }
      expect(missing).toEqual([]);
    });
  }

  test('a FAQ answer opened before the app starts stays open when the app hydrates the page', async ({ page }) => {
    // Hold the app's script back, as a slow connection would, and open an answer meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const third = page.locator('details').nth(2);
    // Opening it is a use of the page: the app starts (public/boot.js), its script is held.
    await third.locator('summary').click();
    await expect(third).toHaveAttribute('open', '');
    await expect(page.locator('[data-prerender-inert]').first()).toBeAttached();
    release();
    // The app has taken the page's controls over (main.tsx removes their marks then).
    await expect(page.locator('[data-prerender-inert]')).toHaveCount(0);
    await expect(third).toHaveAttribute('open', '');
    await expect(page.locator('details[open]')).toHaveCount(1);
  });

  test('the landing page has its sections, FAQ disclosures, demo dialog and footer links', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(h1(page)).toHaveText('Votre glycémie, suivie simplement, partagée en confiance');
    await expect(page.locator('#features li')).toHaveCount(10);
    await expect(page.locator('#security li')).toHaveCount(6);
    await expect(page.locator('details')).toHaveCount(5);
    await expect(page.getByRole('img', { name: /Tableau de bord/ }).first()).toBeVisible();
    // The demo dialog needs the app: a click before it is there is held, then replayed (boot.js).
    const faq = page.locator('details').first();
    await faq.locator('summary').click();
    await expect(faq).toHaveAttribute('open', '');

    await page.getByRole('button', { name: 'Voir la démo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Découvrez GlucoSuivi' });
    await expect(dialog.getByRole('listitem')).toHaveCount(6);
    await dialog.getByRole('button', { name: 'Commencer' }).click();
    await expect(dialog).toBeHidden();

    await expect(
      page.getByRole('link', { name: 'Commencer gratuitement' }).first(),
    ).toHaveAttribute('href', /^\/auth/);
    const footer = page.getByRole('contentinfo');
    for (const href of [
      '/subscription',
      '/api-docs',
      '/support',
      '/user-guide',
      '/community-forum',
      '/privacy-policy',
      '/terms',
      '/cookies',
      '/legal',
      '/contact',
      '/#features',
      '/#security',
    ]) {
      await expect(footer.locator(`a[href="${href}"]`), href).toHaveCount(1);
    }
    await expect(page).toHaveTitle('Suivi du diabète et du métabolisme · GlucoSuivi');
  });

  test('pages link their language alternates in the head', async ({ page }) => {
    await page.goto('/security?lng=en');
    for (const lng of LANGS) {
      await expect(page.locator(`head link[rel="alternate"][hreflang="${lng}"]`)).toHaveAttribute(
        'href',
        `${BASE}/security?lng=${lng}`,
      );
    }
    await expect(page.locator('head link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      'href',
      `${BASE}/security`,
    );
  });

  test('robots.txt, sitemap.xml and the manifest are served', async ({ request, page }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain('Sitemap:');
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain('/privacy-policy</loc>');
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(JSON.parse(await manifest.text())).toMatchObject({ short_name: 'GlucoSuivi' });
    await page.goto('/');
    await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
  });
});

test('a full load of another page starts at its top, not where the previous page was scrolled', async ({ page }) => {
  await page.goto('/features');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // React Router saves positions on pagehide; the next document's first entry must not get them.
  await page.goto('/security');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('/api-docs lists the real endpoints and filters them', async ({ page }) => {
  await page.goto('/api-docs');
  await expect(page.getByText('/api/health', { exact: true })).toBeVisible();
  await expect(page.getByText('/api/accounts/sign-in', { exact: true })).toBeVisible();
  await expect(page.getByText('/api/contact', { exact: true })).toBeVisible();
  await page.getByLabel(/Rechercher un point d'accès/).fill('sign-in');
  await expect(page.getByText('/api/accounts/sign-in', { exact: true })).toBeVisible();
  await expect(page.getByText('/api/health', { exact: true })).toBeHidden();
});

test('the help center search filters the questions', async ({ page }) => {
  await page.goto('/help-center');
  const questions = page.locator('details');
  await expect(questions).toHaveCount(14);
  await page.getByLabel("Rechercher dans l'aide").fill('hba1c laboratoire');
  await expect(questions).toHaveCount(1);
  await expect(questions.first()).toContainText('HbA1c');
});

test('the contact form checks its fields and shows the success text', async ({ page }) => {
  await page.goto('/contact');
  await expect(h1(page)).toHaveText('Nous contacter');
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText("L'adresse e-mail est obligatoire")).toBeVisible();
  await expect(page.getByText('Le message est obligatoire')).toBeVisible();

  await page.getByLabel('Votre adresse e-mail').fill('visiteur@example.test');
  await page.getByLabel('Objet').fill('Question sur les capteurs');
  await page.getByLabel('Type de demande').selectOption('question');
  await page.getByLabel('Message').fill('x'.repeat(5001));
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Le message ne doit pas dépasser 5 000 caractères')).toBeVisible();

  await page.getByLabel('Message').fill('Mon capteur Libre est-il compatible ?');
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(
    page.getByText(
      'Votre message a été envoyé avec succès. Notre équipe vous répondra dans les plus brefs délais.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('');
});

test.describe('axe on every public page', () => {
  const ALL = ['/', ...PUBLIC_PAGES.map((group) => group[0]!)];
  // Two halves per language and scheme keep each test well under its timeout on a busy machine.
  const HALVES = [ALL.slice(0, Math.ceil(ALL.length / 2)), ALL.slice(Math.ceil(ALL.length / 2))];
  // Every page in French, light and dark; every page once more in another language (the first
  // half in English, the second in Spanish): the markup is the same, the texts are not, and each
  // scan of a half costs ~45 s in CI.
  const SCANS = [
    { lng: 'fr', colorScheme: 'light', halves: [0, 1] },
    { lng: 'fr', colorScheme: 'dark', halves: [0, 1] },
    { lng: 'en', colorScheme: 'light', halves: [0] },
    { lng: 'es', colorScheme: 'light', halves: [1] },
  ] as const;
  for (const { lng, colorScheme, halves } of SCANS) {
    for (const [half, PAGES] of HALVES.entries()) {
      if (!(halves as readonly number[]).includes(half)) continue;
      test(`no violations in ${lng}, ${colorScheme} (pages ${half + 1}/2)`, async ({
        browser,
      }) => {
        test.setTimeout(120_000);
        const context = await browser.newContext({ colorScheme, reducedMotion: 'reduce' });
        const page = await context.newPage();
        const missing = trackMissingKeys(page);
        const violations: string[] = [];
        for (const path of PAGES) {
          await page.goto(`${BASE}${path}?lng=${lng}`);
          await expect(h1(page), path).toBeVisible();
          if (colorScheme === 'dark')
            await expect(page.locator('html'), path).toHaveClass(/\bdark\b/);
          if (path === '/api-docs')
            await expect(page.getByText('/api/health', { exact: true })).toBeVisible();
          const results = await axe(page).analyze();
          violations.push(
            ...results.violations.map(
              (v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(' | ')}`,
            ),
          );
        }
        expect(violations).toEqual([]);
        expect(missing).toEqual([]);
        await context.close();
      });
    }
  }
});
