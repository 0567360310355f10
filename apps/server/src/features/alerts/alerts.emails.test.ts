import { describe, expect, it } from 'vitest';
import type { Alert } from '@glucosuivi/domain/alerts/alerts.schemas';
import { alertEmail, type AlertEmailRecipient } from './alerts.emails';

/** `n` low readings a minute apart, as one device batch raises them. */
function lows(n: number): Alert[] {
  return Array.from({ length: n }, (_, i) => {
    const at = new Date(Date.UTC(2026, 2, 10, 6, i)).toISOString();
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      kind: 'hypo',
      status: 'open',
      origin: 'reading',
      measurementId: null,
      glucoseMgdl: 62,
      systolic: null,
      diastolic: null,
      occurredAt: at,
      createdAt: at,
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      resolvedBy: null,
    };
  });
}

function lastCountedLine(
  language: AlertEmailRecipient['language'],
  alerts: number,
): string | undefined {
  const recipient: AlertEmailRecipient = {
    to: 'p@example.fr',
    firstName: 'Léa',
    language,
    glucoseUnit: 'mg/dL',
    timeZone: 'Europe/Paris',
  };
  return alertEmail(recipient, lows(alerts), 'https://glucosuivi.example')
    .text.split('\n\n')
    .find((line) => line.startsWith('…'));
}

describe('alertEmail, the alerts past the listed ones', () => {
  it('counts one more alert in the singular and several in the plural, in each language', () => {
    // The summary lists 20 alerts: 21 leaves one, 23 leave three.
    expect(lastCountedLine('fr', 21)).toBe('… et 1 autre alerte.');
    expect(lastCountedLine('fr', 23)).toBe('… et 3 autres alertes.');
    expect(lastCountedLine('en', 21)).toBe('… and 1 more alert.');
    expect(lastCountedLine('en', 23)).toBe('… and 3 more alerts.');
    expect(lastCountedLine('es', 21)).toBe('… y 1 alerta más.');
    expect(lastCountedLine('es', 23)).toBe('… y 3 alertas más.');
  });
});
