import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, axeViolations, demoPassword } from './support/accounts';
import { ORIGIN, signUpPatient, trackMissingKeys } from './support/health-api';

// The patient dashboard's first things (issue 35): the "now" card (the latest reading named and
// coloured by its range, its trend, its age), then the time in ranges and the curve; the advice
// after the charts.

const CAMILLE = 'camille.dupont@demo.glucosuivi.fr';

async function postGlucose(page: Page, value: number, minutesAgo: number) {
  const measuredAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const response = await page.request.post('/api/measurements', {
    headers: { Origin: ORIGIN },
    data: { kind: 'glucose', measuredAt, value, unit: 'mg/dL' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The computed colour a class gives, read from the page's own style sheet. */
async function colourOfClass(page: Page, className: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('div');
    probe.className = name;
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  }, className);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`an urgent low of 50 mg/dL reads "Très bas" in the urgent colour, falling fast, just now (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const missing = trackMissingKeys(page);
    await signUpPatient(page);
    // Three readings five minutes apart: 3 mg/dL per minute down.
    await postGlucose(page, 80, 10);
    await postGlucose(page, 65, 5);
    await postGlucose(page, 50, 0);
    await page.goto('/patient-dashboard');

    await expect(page.getByTestId('last-glucose')).toContainText('50');
    const band = page.getByTestId('last-glucose-band');
    await expect(band).toHaveText('Très bas');
    const urgent = await colourOfClass(page, 'bg-red-800');
    expect(await band.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(urgent);
    expect(await band.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
    await expect(page.getByTestId('last-glucose-age')).toHaveText(
      /^(À l'instant|Il y a [12] min)$/,
    );
    await expect(page.getByTestId('last-glucose-stale')).toHaveCount(0);
    // The trend comes from the readings the chart loads once the app runs.
    await expect(page.getByTestId('last-glucose-trend')).toHaveText('baisse vite', {
      timeout: 20_000,
    });
    expect(
      await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
    ).toBe(0);
    expect(await axeViolations(page, `dashboard at ${viewport.width}`)).toEqual([]);
    expect(missing).toEqual([]);
  });
}

test("Camille's dashboard reads the now card, the time in ranges and the curve first, the advice after the charts", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect((await apiSignIn(page.request, CAMILLE, demoPassword(CAMILLE))).ok()).toBe(true);
  await page.goto('/dashboard');
  const heading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });
  const order = [
    'Dernière glycémie',
    'Temps dans les cibles',
    'Courbe de glycémie',
    'Indicateurs',
    'Conseils personnalisés',
  ];
  for (const name of order) await expect(heading(name)).toBeVisible({ timeout: 20_000 });
  const tops = await Promise.all(order.map(async (name) => (await heading(name).boundingBox())!.y));
  // On a desk the now card and the time in ranges share the first line; the curve follows, in the first screen.
  expect(Math.abs(tops[0]! - tops[1]!)).toBeLessThan(2);
  expect(tops[2]!).toBeGreaterThan(tops[1]!);
  expect(tops[2]!).toBeLessThan(800);
  expect(tops[3]!).toBeGreaterThan(tops[2]!);
  expect(tops[4]!).toBeGreaterThan(tops[3]!);
  // The advice comes after every chart, the AGP and the overlaid days included.
  const charts = await Promise.all(
    ['Profil glycémique ambulatoire (AGP)', 'Journées superposées'].map(
      async (name) => (await heading(name).boundingBox())!.y,
    ),
  );
  expect(Math.max(...charts)).toBeLessThan(tops[4]!);

  // On a phone, one column in the same order.
  await page.setViewportSize({ width: 390, height: 844 });
  const phoneTops = await Promise.all(
    order.map(async (name) => (await heading(name).boundingBox())!.y),
  );
  expect(phoneTops).toEqual([...phoneTops].sort((a, b) => a - b));
  expect(
    await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
  ).toBe(0);
});
