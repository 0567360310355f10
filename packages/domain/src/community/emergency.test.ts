import { describe, expect, it } from 'vitest';
import { mentionsEmergency } from './emergency';

describe('emergency mentions', () => {
  it('finds emergency words in French, English and Spanish, whatever the case and accents', () => {
    for (const text of [
      "J'ai fait un MALAISE hier soir",
      'hypo sévère ce matin',
      'Hypoglycémie Sévère à 3 h',
      'il a eu une perte de connaissance',
      'elle était inconsciente',
      'je pense au suicide',
      'Urgences de nuit',
      'my son was unconscious',
      'is this an emergency?',
      'tuve una pérdida de conocimiento',
      'fue una emergencia',
    ]) expect(mentionsEmergency(text), text).toBe(true);
  });

  it('does not fire on ordinary posts or on words that only contain a term', () => {
    for (const text of [
      'Quel capteur utilisez-vous ?',
      'Recette de gâteau sans sucre',
      'Mon hypo était légère',
    ]) expect(mentionsEmergency(text), text).toBe(false);
    expect(mentionsEmergency('comatoseux')).toBe(false);
    expect(mentionsEmergency('surgence')).toBe(false);
  });
});
