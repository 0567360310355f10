import { describe, expect, it } from 'vitest';
import { matches, operationsByTag } from './info-pages';

describe('help search', () => {
  it('ignores case and accents and needs every word', () => {
    expect(matches('hypoglycemie seuil', 'Quel est le seuil d’hypoglycémie ?')).toBe(true);
    expect(matches('HbA1c mois', 'Que mesure l’HbA1c ?')).toBe(false);
    expect(matches('  ', 'anything')).toBe(true);
  });
});

describe('operationsByTag', () => {
  it('groups operations by first tag, sorted, and marks the signed-in ones', () => {
    const groups = operationsByTag({
      paths: {
        '/api/settings': {
          get: { summary: 'read', tags: ['settings'], responses: { 200: {}, 401: {} } },
          patch: { summary: 'change', tags: ['settings'] },
        },
        '/api/health': { get: { summary: 'health', tags: ['health'], responses: { 200: {} } } },
        '/api/x': { post: { summary: 'untagged' } },
      },
    });
    expect(groups.map(([tag]) => tag)).toEqual(['health', 'other', 'settings']);
    expect(groups[2]?.[1].map((o) => `${o.method} ${o.path} ${o.secured}`)).toEqual([
      'GET /api/settings true',
      'PATCH /api/settings false',
    ]);
    expect(operationsByTag(null)).toEqual([]);
  });
});
