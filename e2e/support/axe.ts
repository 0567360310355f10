import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The journeys' accessibility scan, every rule axe runs by default. Only violations are
 * gathered: axe otherwise also collects every node that passes (each contrast check, each label)
 * and returns it to the test, which reads only the violations. On a 2-core CI machine the scans
 * are the journeys' largest cost.
 *
 * @axe-core/playwright resolves its own playwright-core (a newer minor than @playwright/test's),
 * so the Page types differ while the runtime object is the same: cast here, once.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'] }).options({ resultTypes: ['violations'] });
}

/** The violations on the page, one line each, prefixed by where the page was. */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  const results = await axe(page).analyze();
  return results.violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target).join(' | ')}`);
}
