import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { Alert } from '@glucosuivi/domain/alerts/alerts.schemas';
import fr from '@/locales/fr/alerts.json';
import { alertText } from './alerts-view';

/** The French catalog's sentence for a key, with {{placeholders}} filled (as i18next does). */
const frT = ((key: string, values: Record<string, string>) => {
  const path = key.replace(/^alerts:/, '').split('.');
  let node: unknown = fr;
  for (const part of path) node = (node as Record<string, unknown>)[part];
  return (node as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}) as unknown as TFunction;

const alert = (kind: Alert['kind'], glucoseMgdl: number): Alert =>
  ({ id: 'a', kind, origin: 'reading', status: 'open', occurredAt: '2026-11-02T09:00:00.000Z', glucoseMgdl, systolic: null, diastolic: null }) as Alert;

describe('alert text', () => {
  it('says the value and the threshold in mmol/L for a reader in mmol/L', () => {
    const text = alertText(alert('hypo', 61.2), frT, 'mmol/L', 'fr', 'Europe/Paris');
    expect(text).toContain('3,4 mmol/L');
    expect(text).toContain('(moins de 3,9 mmol/L)');
    expect(text).not.toContain('mg/dL');
    expect(alertText(alert('urgent_hypo', 45), frT, 'mmol/L', 'fr', 'Europe/Paris')).toContain('(moins de 3,0 mmol/L)');
    expect(alertText(alert('hyper', 300), frT, 'mmol/L', 'fr', 'Europe/Paris')).toContain('(plus de 13,9 mmol/L)');
  });

  it('keeps mg/dL for a reader in mg/dL', () => {
    expect(alertText(alert('hypo', 61.2), frT, 'mg/dL', 'fr', 'Europe/Paris')).toContain('(moins de 70 mg/dL)');
  });
});
