import { z } from 'zod';

/**
 * Advice (issue 17): findings the rules engine draws from a patient's own data. A finding carries
 * numbers, never a text, so the server, the web app and the PDF word it in the reader's language
 * and unit (advice.texts.ts), and a professional sees exactly what the patient sees.
 */

/** Also the fixed order of findings of equal severity. */
export const ADVICE_KINDS = [
  'insufficient_data',
  'night_hypo',
  'time_below_range',
  'post_meal_high',
  'dawn_rise',
  'high_variability',
  'tir_change',
  'hba1c_rising',
  'blood_pressure_high',
  'ldl_above_target',
] as const;
export const adviceKindSchema = z.enum(ADVICE_KINDS);
export type AdviceKind = z.infer<typeof adviceKindSchema>;

/** Most pressing first: also the order findings are returned in. */
export const ADVICE_SEVERITIES = ['urgent', 'attention', 'info'] as const;
export const adviceSeveritySchema = z.enum(ADVICE_SEVERITIES);
export type AdviceSeverity = z.infer<typeof adviceSeveritySchema>;

/** The published guidance a finding rests on; each language names them in advice.texts.ts. */
export const ADVICE_REFERENCES = [
  'consensus_tir_2019',
  'ada_standards_2024_glycemic',
  'monnier_dawn_2013',
  'esh_2023_bp',
  'esc_eas_2019_lipids',
] as const;
export const adviceReferenceSchema = z.enum(ADVICE_REFERENCES);
export type AdviceReference = z.infer<typeof adviceReferenceSchema>;

export const MEAL_SLOTS = ['breakfast', 'lunch', 'dinner'] as const;
export const mealSlotSchema = z.enum(MEAL_SLOTS);
export type MealSlot = z.infer<typeof mealSlotSchema>;

const epochMs = z.number().int();
const localDate = z.iso.date();
const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const mgdl = z.number();
const percent = z.number().min(0).max(100);

export const insufficientDataEvidenceSchema = z.object({
  source: z.enum(['cgm', 'meter']),
  periodDays: z.number().int().min(1),
  readingCount: z.number().int().min(0),
  /** CGM: share of the expected readings received (metrics' active time); null for a meter. */
  activePercent: percent.nullable(),
  minActivePercent: percent.nullable(),
  /** Meter: readings needed over the period; null for a CGM. */
  minReadingCount: z.number().int().nullable(),
});

/** One night with a low; `date` is the local date of the morning (the night of the 2nd to the 3rd is the 3rd). */
export const hypoNightSchema = z.object({
  date: localDate,
  lowestMgdl: mgdl,
  lowestTime: localTime,
  lowestAt: epochMs,
  /** Span of that night's episodes (a meter reading: start = end = its time), for the chart. */
  start: epochMs,
  end: epochMs,
});
export type HypoNight = z.infer<typeof hypoNightSchema>;

export const nightHypoEvidenceSchema = z.object({
  thresholdMgdl: mgdl,
  severeBelowMgdl: mgdl,
  windowDays: z.number().int(),
  nights: z.array(hypoNightSchema).min(1),
});

export const timeBelowRangeEvidenceSchema = z.object({
  /** CGM: share of time; meter: share of readings. */
  basis: z.enum(['time', 'readings']),
  lowBelowMgdl: mgdl,
  belowRangePercent: percent,
  belowRangeMaxPercent: percent.nullable(),
  veryLowBelowMgdl: mgdl,
  veryLowPercent: percent,
  veryLowMaxPercent: percent.nullable(),
  exceeded: z.array(z.enum(['below_range', 'very_low'])).min(1),
});

export const postMealDaySchema = z.object({
  date: localDate,
  mealAt: epochMs,
  mealTime: localTime,
  /** Tagged by the patient, or found as a rise in the readings. */
  mealSource: z.enum(['tagged', 'detected']),
  /** The run of readings above the threshold: first reading, and last reading + one interval. */
  start: epochMs,
  end: epochMs,
  minutesAbove: z.number(),
  peakMgdl: mgdl,
  peakTime: localTime,
});
export type PostMealDay = z.infer<typeof postMealDaySchema>;

export const postMealHighEvidenceSchema = z.object({
  thresholdMgdl: mgdl,
  minMinutes: z.number(),
  minDays: z.number().int(),
  slots: z
    .array(z.object({ slot: mealSlotSchema, days: z.array(postMealDaySchema).min(1) }))
    .min(1),
});

export const dawnNightSchema = z.object({
  date: localDate,
  nadirMgdl: mgdl,
  nadirTime: localTime,
  endMgdl: mgdl,
  endTime: localTime,
  riseMgdl: mgdl,
});
export type DawnNight = z.infer<typeof dawnNightSchema>;

export const dawnRiseEvidenceSchema = z.object({
  thresholdMgdl: mgdl,
  windowStart: localTime,
  windowEnd: localTime,
  nightsWithData: z.number().int(),
  averageRiseMgdl: mgdl,
  nights: z.array(dawnNightSchema).min(1),
});

export const highVariabilityEvidenceSchema = z.object({
  cvPercent: z.number(),
  cvMaxPercent: z.number(),
  meanMgdl: mgdl,
  sdMgdl: mgdl,
});

export const tirChangeEvidenceSchema = z.object({
  direction: z.enum(['improving', 'worsening']),
  currentPercent: percent,
  previousPercent: percent,
  /** current − previous, in percentage points. */
  changePoints: z.number(),
  rangeLowMgdl: mgdl,
  rangeHighMgdl: mgdl,
  previousStart: epochMs,
  previousEnd: epochMs,
});

export const hba1cRisingEvidenceSchema = z.object({
  reason: z.enum(['two_increases', 'above_target_and_rising']),
  results: z.array(z.object({ date: localDate, at: epochMs, percent: z.number() })).min(2),
  targetPercent: z.number(),
  /** latest − previous, in percentage points. */
  changePoints: z.number(),
});

export const bloodPressureHighEvidenceSchema = z.object({
  systolicLimit: z.number(),
  diastolicLimit: z.number(),
  windowDays: z.number().int(),
  highCount: z.number().int(),
  readings: z
    .array(
      z.object({
        date: localDate,
        time: localTime,
        at: epochMs,
        systolic: z.number(),
        diastolic: z.number(),
        high: z.boolean(),
      }),
    )
    .min(2),
});

export const ldlAboveTargetEvidenceSchema = z.object({
  latestMgdl: mgdl,
  date: localDate,
  at: epochMs,
  targetMgdl: mgdl,
});

const common = {
  severity: adviceSeveritySchema,
  reference: adviceReferenceSchema,
  /** "Advanced advice" (meal-by-meal patterns), a premium entitlement; every other finding is free. */
  premium: z.boolean(),
  /** Show the 15/15 rule: a reading < 54 mg/dL, or < 70 the patient felt, in the period. */
  showHypoTreatment: z.boolean(),
  /** Show the emergency numbers (15, 112): a reading < 54 mg/dL in the period. */
  showEmergencyNumbers: z.boolean(),
};

/** What the triage list shows of a finding: its kind and severity (the evidence stays on the patient page). */
export const adviceSignalFindingSchema = z.object({ kind: adviceKindSchema, severity: adviceSeveritySchema });
export type AdviceSignalFinding = z.infer<typeof adviceSignalFindingSchema>;

export const adviceFindingSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('insufficient_data'),
    ...common,
    evidence: insufficientDataEvidenceSchema,
  }),
  z.object({ kind: z.literal('night_hypo'), ...common, evidence: nightHypoEvidenceSchema }),
  z.object({
    kind: z.literal('time_below_range'),
    ...common,
    evidence: timeBelowRangeEvidenceSchema,
  }),
  z.object({ kind: z.literal('post_meal_high'), ...common, evidence: postMealHighEvidenceSchema }),
  z.object({ kind: z.literal('dawn_rise'), ...common, evidence: dawnRiseEvidenceSchema }),
  z.object({
    kind: z.literal('high_variability'),
    ...common,
    evidence: highVariabilityEvidenceSchema,
  }),
  z.object({ kind: z.literal('tir_change'), ...common, evidence: tirChangeEvidenceSchema }),
  z.object({ kind: z.literal('hba1c_rising'), ...common, evidence: hba1cRisingEvidenceSchema }),
  z.object({
    kind: z.literal('blood_pressure_high'),
    ...common,
    evidence: bloodPressureHighEvidenceSchema,
  }),
  z.object({
    kind: z.literal('ldl_above_target'),
    ...common,
    evidence: ldlAboveTargetEvidenceSchema,
  }),
]);
export type AdviceFinding = z.infer<typeof adviceFindingSchema>;
export type FindingOf<K extends AdviceKind> = Extract<AdviceFinding, { kind: K }>;
export type EvidenceOf<K extends AdviceKind> = FindingOf<K>['evidence'];

export const adviceFindingsSchema = z.array(adviceFindingSchema);

// --- The API (advice.contract.ts) -----------------------------------------------------------------

/**
 * Periods advice is drawn over: 14 days is the consensus minimum for CGM patterns (the dashboard's
 * default); 30 and 90 for the reports. The change in time in range compares with the period of
 * the same length just before.
 */
export const ADVICE_PERIOD_DAYS = [14, 30, 90] as const;
export const adviceQuerySchema = z
  .object({
    days: z.coerce
      .number()
      .int()
      .refine((d) => (ADVICE_PERIOD_DAYS as readonly number[]).includes(d), { message: 'days must be 14, 30 or 90' })
      .default(14),
  })
  .strict();
export type AdviceQuery = z.infer<typeof adviceQuerySchema>;

export const ADVICE_VOTES = ['useful', 'not_useful'] as const;
export const adviceVoteSchema = z.enum(ADVICE_VOTES);
export type AdviceVote = z.infer<typeof adviceVoteSchema>;

/** The findings of one period, as the patient (or a professional, limited to what is shared) reads them. */
export const adviceResponseSchema = z.object({
  /** [start, end) epoch ms: `lastLocalDays` in the patient's zone. */
  period: z.object({ start: epochMs, end: epochMs, days: z.number().int() }),
  timeZone: z.string(),
  findings: adviceFindingsSchema,
  /** The patient's own last vote per kind (empty for a professional). */
  votes: z.partialRecord(adviceKindSchema, adviceVoteSchema),
  /**
   * Advanced (premium) findings of the period held back because the patient's plan lacks
   * "advanced advice"; always 0 for a professional, whose view the patient's plan never limits.
   */
  lockedPremium: z.int().nonnegative(),
});
export type AdviceResponse = z.infer<typeof adviceResponseSchema>;

export const adviceFeedbackSchema = z.object({ kind: adviceKindSchema, vote: adviceVoteSchema }).strict();
export type AdviceFeedback = z.infer<typeof adviceFeedbackSchema>;
