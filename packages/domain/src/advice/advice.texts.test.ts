import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../accounts/accounts.schemas';
import { createAdviceFormat } from './advice.catalog';
import { makeFinding } from './advice.finding';
import { ADVICE_KINDS, ADVICE_REFERENCES, type AdviceFinding } from './advice.schemas';
import {
  ADVICE_REFERENCE_LABELS,
  EMERGENCY_TEXT,
  HYPO_TREATMENT_TEXT,
  renderFinding,
} from './advice.texts';

const AT = Date.UTC(2026, 10, 18, 2, 40);
const plain = (text: string | undefined): string => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** One finding of every kind, with evidence as the engine builds it. */
const SAMPLES: AdviceFinding[] = [
  makeFinding('insufficient_data', 'info', {
    source: 'cgm',
    periodDays: 14,
    readingCount: 2500,
    activePercent: 62.3,
    minActivePercent: 70,
    minReadingCount: null,
  }),
  makeFinding('insufficient_data', 'info', {
    source: 'meter',
    periodDays: 14,
    readingCount: 1,
    activePercent: null,
    minActivePercent: null,
    minReadingCount: 14,
  }),
  {
    ...makeFinding('night_hypo', 'urgent', {
      thresholdMgdl: 70,
      severeBelowMgdl: 54,
      windowDays: 14,
      nights: [
        {
          date: '2026-11-01',
          lowestMgdl: 54,
          lowestTime: '03:40',
          lowestAt: AT,
          start: AT,
          end: AT + 1,
        },
        {
          date: '2026-11-18',
          lowestMgdl: 48,
          lowestTime: '02:40',
          lowestAt: AT,
          start: AT,
          end: AT + 1,
        },
      ],
    }),
    showHypoTreatment: true,
    showEmergencyNumbers: true,
  },
  makeFinding('time_below_range', 'attention', {
    basis: 'time',
    lowBelowMgdl: 70,
    belowRangePercent: 4.1,
    belowRangeMaxPercent: 4,
    veryLowBelowMgdl: 54,
    veryLowPercent: 0.5,
    veryLowMaxPercent: 1,
    exceeded: ['below_range'],
  }),
  makeFinding('post_meal_high', 'attention', {
    thresholdMgdl: 180,
    minMinutes: 120,
    minDays: 3,
    slots: [
      {
        slot: 'lunch',
        days: [
          {
            date: '2026-11-18',
            mealAt: AT,
            mealTime: '12:30',
            mealSource: 'detected',
            start: AT,
            end: AT,
            minutesAbove: 155,
            peakMgdl: 262,
            peakTime: '13:40',
          },
        ],
      },
    ],
  }),
  makeFinding('dawn_rise', 'attention', {
    thresholdMgdl: 20,
    windowStart: '03:00',
    windowEnd: '08:00',
    nightsWithData: 12,
    averageRiseMgdl: 31,
    nights: [
      {
        date: '2026-11-18',
        nadirMgdl: 104,
        nadirTime: '03:35',
        endMgdl: 140,
        endTime: '07:55',
        riseMgdl: 36,
      },
    ],
  }),
  makeFinding('high_variability', 'attention', {
    cvPercent: 41.3,
    cvMaxPercent: 36,
    meanMgdl: 152,
    sdMgdl: 63,
  }),
  makeFinding('tir_change', 'attention', {
    direction: 'worsening',
    currentPercent: 58.4,
    previousPercent: 66.1,
    changePoints: -7.7,
    rangeLowMgdl: 70,
    rangeHighMgdl: 180,
    previousStart: 0,
    previousEnd: 1,
  }),
  makeFinding('tir_change', 'info', {
    direction: 'improving',
    currentPercent: 72,
    previousPercent: 66.5,
    changePoints: 5.5,
    rangeLowMgdl: 63,
    rangeHighMgdl: 140,
    previousStart: 0,
    previousEnd: 1,
  }),
  makeFinding('hba1c_rising', 'attention', {
    reason: 'two_increases',
    results: [
      { date: '2026-03-02', at: 1, percent: 6.8 },
      { date: '2026-06-02', at: 2, percent: 7.1 },
      { date: '2026-09-02', at: 3, percent: 7.5 },
    ],
    targetPercent: 7,
    changePoints: 0.4,
  }),
  makeFinding('blood_pressure_high', 'attention', {
    systolicLimit: 140,
    diastolicLimit: 90,
    windowDays: 30,
    highCount: 2,
    readings: [
      { date: '2026-11-10', time: '08:05', at: 1, systolic: 152, diastolic: 94, high: true },
      { date: '2026-11-12', time: '08:10', at: 2, systolic: 131, diastolic: 84, high: false },
      { date: '2026-11-14', time: '07:55', at: 3, systolic: 145, diastolic: 88, high: true },
    ],
  }),
  makeFinding('ldl_above_target', 'attention', {
    latestMgdl: 132,
    date: '2026-10-16',
    at: 1,
    targetMgdl: 100,
  }),
];

describe('renderFinding', () => {
  it('has every kind in every language and unit, each with a title, a body, evidence and what to discuss', () => {
    expect(new Set(SAMPLES.map((f) => f.kind))).toEqual(new Set(ADVICE_KINDS));
    for (const language of LANGUAGES) {
      for (const unit of ['mg/dL', 'mmol/L'] as const) {
        for (const finding of SAMPLES) {
          const text = renderFinding(finding, language, unit);
          expect(text.title.length, `${language} ${finding.kind}`).toBeGreaterThan(5);
          expect(text.body.length).toBeGreaterThan(20);
          expect(text.evidence.length).toBeGreaterThan(0);
          expect(text.discuss.length).toBeGreaterThan(20);
          expect(`${text.title} ${text.body} ${text.evidence.join(' ')}`).not.toMatch(
            /undefined|NaN|null|\[object/,
          );
        }
      }
    }
  });

  it('writes glucose in the reader unit and shares with the locale decimal separator', () => {
    const night = SAMPLES[2]!;
    expect(renderFinding(night, 'fr', 'mg/dL').evidence).toEqual([
      'Nuit du 31 oct. au 1 nov. : 54 mg/dL à 03:40',
      'Nuit du 17 au 18 nov. : 48 mg/dL à 02:40',
    ]);
    expect(renderFinding(night, 'fr', 'mmol/L').evidence[1]).toBe(
      'Nuit du 17 au 18 nov. : 2,7 mmol/L à 02:40',
    );
    expect(renderFinding(night, 'en', 'mmol/L').evidence[1]).toBe(
      'Night of 17–18 Nov: 2.7 mmol/L at 02:40',
    );
    expect(renderFinding(night, 'es', 'mmol/L').evidence[0]).toMatch(
      /^Noche del 31 oct\.? al 1 nov\.?: 3,0 mmol\/L a las 03:40$/,
    );
    const below = SAMPLES[3]!;
    // The space before % is a no-break space of the ICU version at hand (U+00A0 or U+202F).
    expect(plain(renderFinding(below, 'fr', 'mg/dL').evidence[0])).toBe(
      'Sous 70 mg/dL : 4,1 % du temps (objectif : ≤ 4 %)',
    );
    expect(renderFinding(below, 'en', 'mmol/L').evidence[0]).toBe(
      'Below 3.9 mmol/L: 4.1% of the time (target: ≤ 4%)',
    );
    expect(renderFinding(SAMPLES[5]!, 'fr', 'mmol/L').evidence[0]).toContain('(+2,0 mmol/L)');
    expect(renderFinding(SAMPLES[11]!, 'fr', 'mmol/L').body).toContain('3,41 mmol/L');
  });

  it('adds the 15/15 rule and the exact emergency line when the flags ask for them, and only then', () => {
    const expected = {
      fr: "En cas d'urgence, appelez le 15 (SAMU) ou le 112",
      en: 'In an emergency, call 15 (SAMU) or 112',
      es: 'En caso de urgencia, llame al 15 (SAMU) o al 112',
    };
    expect(HYPO_TREATMENT_TEXT.fr).toBe(
      'Prenez 15 g de sucre rapide, puis contrôlez à nouveau après 15 minutes.',
    );
    for (const language of LANGUAGES) {
      const safety = renderFinding(SAMPLES[2]!, language, 'mg/dL').safety;
      expect(safety).toEqual([HYPO_TREATMENT_TEXT[language], EMERGENCY_TEXT[language]]);
      expect(safety[1]).toContain(expected[language]);
      expect(renderFinding(SAMPLES[3]!, language, 'mg/dL').safety).toEqual([]);
      expect(
        renderFinding({ ...SAMPLES[3]!, showHypoTreatment: true }, language, 'mg/dL').safety,
      ).toEqual([HYPO_TREATMENT_TEXT[language]]);
    }
  });

  it('names every reference in every language', () => {
    for (const language of LANGUAGES) {
      const labels = ADVICE_REFERENCES.map((r) => ADVICE_REFERENCE_LABELS[language][r]);
      expect(labels.every((label) => label.length > 10)).toBe(true);
      expect(new Set(labels).size).toBe(ADVICE_REFERENCES.length);
    }
  });
});

describe('createAdviceFormat', () => {
  it('formats durations, signed changes and nights across a month end', () => {
    const fr = createAdviceFormat('fr', 'mg/dL');
    expect([fr.duration(45), fr.duration(120), fr.duration(155)]).toEqual([
      '45 min',
      '2 h',
      '2 h 35 min',
    ]);
    expect([fr.signed(-7.7), fr.signed(5), fr.glucoseChange(36)]).toEqual([
      '-7,7',
      '+5,0',
      '+36 mg/dL',
    ]);
    expect(fr.night('2026-03-01')).toEqual({ from: '28 févr.', to: '1 mars' });
    expect(createAdviceFormat('en', 'mmol/L').glucose(180)).toBe('10.0 mmol/L');
  });
});
