// The architecture rules of eslint.config.js, proved on fixtures: each file under eslint-fixtures/
// is linted as if it stood at the same path without that prefix, and must raise exactly the rule
// errors its first line names (or none).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = 'eslint-fixtures';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, cache: false });
});

/** The rule ids reported on a fixture, one per error, linted at its virtual path. */
async function ruleErrors(fixture: string): Promise<string[]> {
  const code = readFileSync(join(root, FIXTURES, fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: join(root, fixture), warnIgnored: true });
  if (!result) throw new Error(`no lint result for ${fixture}`);
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`${fixture} could not be linted: ${fatal.map((m) => m.message).join('; ')}`);
  return result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? 'unknown');
}

describe('architecture lint rules', () => {
  it('a web feature importing another feature is an error', async () => {
    expect(await ruleErrors('apps/web/src/features/doctor/ImportsAnotherFeature.tsx')).toEqual(['boundaries/element-types']);
  });

  it('a route importing a repository is an error', async () => {
    expect(await ruleErrors('apps/server/src/features/profile/profile-shortcut.routes.ts')).toEqual(['boundaries/element-types']);
  });

  it("a service reaching another feature's repository through a service re-export is an error", async () => {
    // The re-export is where the query leaks: it is forbidden in every non-repository file.
    expect(await ruleErrors('apps/server/src/features/profile/profile-lookup.service.ts')).toEqual(['no-restricted-syntax']);
    // The same query imported straight from the other feature's repository: both rules fire.
    expect((await ruleErrors('apps/server/src/features/alerts/alerts-lookup.service.ts')).sort()).toEqual(['boundaries/element-types', 'no-restricted-imports']);
  });

  it('platform code importing a feature repository is an error', async () => {
    expect(await ruleErrors('apps/server/src/platform/profile-peek.ts')).toEqual(['boundaries/element-types']);
  });

  it('the legal shapes pass', async () => {
    expect(await ruleErrors('apps/web/src/features/doctor/LegalImports.tsx')).toEqual([]);
    expect(await ruleErrors('apps/server/src/features/alerts/alerts-legal.service.ts')).toEqual([]);
  });
});
