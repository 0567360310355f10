import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@glucosuivi/domain/accounts/accounts.schemas';
import { EMERGENCY_TEXT, HYPO_TREATMENT_TEXT } from '@glucosuivi/domain/advice/advice.texts';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { HANDOUTS } from '@glucosuivi/domain/resources/resources.schemas';
import { handoutHref } from '@glucosuivi/domain/resources/resources.contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { HANDOUT_TEXTS, handoutText } from './handouts.texts';
import { scratchDir } from '../../test/scratch';

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
const dir = scratchDir('gs-handout-');

/** The PDF's text as running text (pdftotext without -layout, whitespace and NBSP made single spaces). */
function pdfText(bytes: Buffer, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', [file, '-']).toString().replace(/[\s\u00A0]+/g, ' ');
}
const plain = (text: string) => text.replace(/[\s\u00A0]+/g, ' ');

describe('patient handouts (GET /api/resources/handouts/:handout)', () => {
  let t: TestApp;
  let doctor: TestUser;
  let patient: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire' });
    patient = await createTestUser(t.database, { firstName: 'Paul' });
  });
  afterAll(async () => t?.close());

  for (const handout of HANDOUTS) {
    for (const lang of LANGUAGES) {
      it(`${handout} in ${lang}: a PDF with its title in that language, named in that language`, async () => {
        const res = await t.app.inject({ url: handoutHref(handout, lang), headers: actingAs(doctor) });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['content-language']).toBe(lang);
        const expected = handoutText(handout, lang);
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${expected.fileName}"`);
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        if (!hasPdftotext) return;
        const text = pdfText(res.rawPayload, `${handout}-${lang}.pdf`);
        expect(text).toContain(plain(expected.title));
        expect(text).toContain(plain(HANDOUT_TEXTS[lang].common.kicker));
        // No other language's title slipped in.
        for (const other of LANGUAGES.filter((l) => l !== lang)) expect(text).not.toContain(plain(handoutText(handout, other).title));
        if (handout === 'hypoglycaemia') {
          // The 15/15 rule and the emergency numbers, word for word as the advice cards say them.
          expect(text).toContain(plain(HYPO_TREATMENT_TEXT[lang]));
          expect(text).toContain(plain(EMERGENCY_TEXT[lang]));
          expect(text).toMatch(/70 mg\/dL \(3[,.]9 mmol\/L\)/);
        }
      });
    }
  }

  it.skipIf(!hasPdftotext)('writes French numbers with a decimal comma and the thresholds from the domain', async () => {
    const res = await t.app.inject({ url: handoutHref('hypoglycaemia', 'fr'), headers: actingAs(patient) });
    const text = pdfText(res.rawPayload, 'hypo-fr-typography.pdf');
    expect(text).toContain('70 mg/dL (3,9 mmol/L)');
    expect(text).toContain('54 mg/dL (3,0 mmol/L)');
    const english = pdfText((await t.app.inject({ url: handoutHref('hypoglycaemia', 'en'), headers: actingAs(patient) })).rawPayload, 'hypo-en.pdf');
    expect(english).toContain('70 mg/dL (3.9 mmol/L)');
  });

  it('serves a patient too, and the same bytes every time (drawn once per server)', async () => {
    const first = await t.app.inject({ url: handoutHref('sharing-data', 'es'), headers: actingAs(patient) });
    const second = await t.app.inject({ url: handoutHref('sharing-data', 'es'), headers: actingAs(doctor) });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
  });

  it('answers 400 validation_failed for an unknown handout or language, or none', async () => {
    for (const url of [
      '/api/resources/handouts/insulin-doses?lang=fr',
      '/api/resources/handouts/hypoglycaemia?lang=de',
      '/api/resources/handouts/hypoglycaemia',
      '/api/resources/handouts/hypoglycaemia?lang=fr&unit=mmol',
    ]) {
      const res = await t.app.inject({ url, headers: actingAs(doctor) });
      expect(res.statusCode, url).toBe(400);
      const body = errorBodySchema.parse(res.json());
      expect(body.error.code, url).toBe('validation_failed');
      expect(body.error.issues?.length, url).toBeGreaterThan(0);
    }
  });

  it('answers 401 unauthenticated when signed out', async () => {
    const res = await t.app.inject({ url: handoutHref('hypoglycaemia', 'fr') });
    expect(res.statusCode).toBe(401);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('unauthenticated');
  });
});
