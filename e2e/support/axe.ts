import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rule that measures text against its background: three quarters of a scan's time. */
const CONTRAST_RULE = 'color-contrast';

/**
 * The journeys' accessibility scan: every rule axe runs by default, gathering violations only
 * (axe otherwise also collects every node that passes, each contrast check and each label, and
 * returns it to the test, which reads only the violations). On a 2-core CI machine the scans
 * are the journeys' largest cost.
 *
 * Colour contrast is measured on the French page, the reference every page is scanned in. A page
 * in English or Spanish has the same elements with the same styles; what the language changes
 * (names, labels, `lang`, headings, the text of links and buttons) is what every other rule
 * checks, and those run in every language. The contrast rule alone is ~75 % of a scan's time
 * (1.2–2.9 s per page on the CI machine), run twice more per page for the same colours.
 *
 * @axe-core/playwright resolves its own playwright-core (a newer minor than @playwright/test's),
 * so the Page types differ while the runtime object is the same: cast here, once.
 */
export function axe(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'] }).options({
    resultTypes: ['violations'],
  });
  const analyze = builder.analyze.bind(builder);
  builder.analyze = async () => {
    const language = await page.evaluate(() => document.documentElement.lang);
    if (!language.startsWith('fr')) builder.disableRules([CONTRAST_RULE]);
    return analyze();
  };
  return builder;
}

/** The violations on the page, one line each, prefixed by where the page was. */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  const results = await axe(page).analyze();
  return results.violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target).join(' | ')}`);
}
