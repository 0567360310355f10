import type { AdviceCatalog, AdviceFormat } from './advice.catalog';
import type { MealSlot } from './advice.schemas';

/** English, translated from the French reference (advice.texts.fr.ts). */

const MEAL: Record<MealSlot, { name: string; after: string }> = {
  breakfast: { name: 'Breakfast', after: 'after breakfast' },
  lunch: { name: 'Lunch', after: 'after lunch' },
  dinner: { name: 'Dinner', after: 'after dinner' },
};

const night = (f: AdviceFormat, date: string): string => {
  const { from, to } = f.night(date);
  return `night of ${from}–${to}`;
};

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export const ADVICE_TEXTS_EN: AdviceCatalog = {
  hypoTreatment: 'Take 15 g of fast-acting sugar, then check again after 15 minutes.',
  emergency: 'In an emergency, call 15 (SAMU) or 112.',
  references: {
    consensus_tir_2019:
      'International Consensus on Time in Range (Battelino et al., Diabetes Care, 2019)',
    ada_standards_2024_glycemic:
      'American Diabetes Association, glycaemic goals (Standards of Care, 2024)',
    monnier_dawn_2013: 'Dawn phenomenon (Monnier et al., Diabetes Care, 2013)',
    esh_2023_bp: 'European Society of Hypertension guidelines (ESH, 2023)',
    esc_eas_2019_lipids: 'European guidelines on dyslipidaemias (ESC/EAS, 2019)',
  },
  kinds: {
    insufficient_data: ({ evidence: e }, f) => {
      const hidden = 'The other glucose advice is therefore not shown for this period.';
      if (e.source === 'cgm') {
        return {
          title: 'Not enough data to analyse your glucose',
          body: `Your sensor sent ${f.percent(e.activePercent ?? 0)} of the expected readings over ${e.periodDays} days; at least ${f.limit(e.minActivePercent ?? 0)} is needed for patterns to be reliable. ${hidden}`,
          evidence: [
            `Sensor wear time: ${f.percent(e.activePercent ?? 0)} (minimum ${f.limit(e.minActivePercent ?? 0)})`,
            `Readings received: ${f.count(e.readingCount)}`,
          ],
          discuss:
            'If the sensor comes off, bothers you or loses its signal, talk to your care team: they can help you wear it for longer.',
        };
      }
      return {
        title: 'Not enough readings to analyse your glucose',
        body: `${e.readingCount} glucose ${f.plural(e.readingCount, 'reading', 'readings')} in ${e.periodDays} days; at least ${e.minReadingCount ?? 0} (one a day on average) are needed to spot patterns. ${hidden}`,
        evidence: [`Readings: ${e.readingCount} (minimum ${e.minReadingCount ?? 0})`],
        discuss: 'Talk to your care team about how many readings to take and at what times of day.',
      };
    },
    night_hypo: ({ severity, evidence: e }, f) => {
      const lowest = e.nights.reduce((a, b) => (b.lowestMgdl < a.lowestMgdl ? b : a));
      const severe = e.nights.some((n) => n.lowestMgdl < e.severeBelowMgdl);
      return {
        title: 'Repeated low glucose at night',
        body:
          `Your glucose went below ${f.glucose(e.thresholdMgdl)} between midnight and 6 am on ${e.nights.length} nights of the last ${e.windowDays} days. ` +
          `The lowest value: ${f.glucose(lowest.lowestMgdl)}, ${night(f, lowest.date)}, at ${lowest.lowestTime}.` +
          (severe ? ` A value below ${f.glucose(e.severeBelowMgdl)} is a serious low.` : ''),
        evidence: e.nights.map(
          (n) => `${capitalized(night(f, n.date))}: ${f.glucose(n.lowestMgdl)} at ${n.lowestTime}`,
        ),
        discuss:
          severity === 'urgent'
            ? 'Contact your care team without waiting for your next appointment to talk about these night-time lows.'
            : 'Talk to your care team about these night-time lows: they can look for the cause with you (evening meal, activity, timing).',
      };
    },
    time_below_range: ({ severity, evidence: e }, f) => {
      const of = e.basis === 'time' ? 'of the time' : 'of your readings';
      const target = (limit: number | null): string =>
        limit === null ? '' : ` (target: ≤ ${f.limit(limit)})`;
      return {
        title: 'Too much time with low glucose',
        body:
          e.basis === 'time'
            ? 'Over this period, the time you spent below your range is above the target set for you.'
            : 'Over this period, the share of your readings below your range is above the target set for you.',
        evidence: [
          `Below ${f.glucose(e.lowBelowMgdl)}: ${f.percent(e.belowRangePercent)} ${of}${target(e.belowRangeMaxPercent)}`,
          `Below ${f.glucose(e.veryLowBelowMgdl)}: ${f.percent(e.veryLowPercent)} ${of}${target(e.veryLowMaxPercent)}`,
        ],
        discuss:
          severity === 'urgent'
            ? `Contact your care team soon: the time spent below ${f.glucose(e.veryLowBelowMgdl)} is above the target.`
            : 'Show these figures to your care team and work out together what is causing these lows.',
      };
    },
    post_meal_high: ({ evidence: e }, f) => ({
      title:
        e.slots.length === 1
          ? `High glucose ${MEAL[e.slots[0]!.slot].after}`
          : 'High glucose after some meals',
      body: e.slots
        .map(
          (s) =>
            `${capitalized(MEAL[s.slot].after)}, your glucose stayed above ${f.glucose(e.thresholdMgdl)} for more than ${f.duration(e.minMinutes)} on ${s.days.length} days of this period.`,
        )
        .join(' '),
      evidence: e.slots.flatMap((s) =>
        s.days.map(
          (d) =>
            `${MEAL[s.slot].name} on ${f.date(d.date)}, ${d.mealTime}${d.mealSource === 'detected' ? ' (estimated time)' : ''}: ` +
            `above ${f.glucose(e.thresholdMgdl)} for ${f.duration(d.minutesAbove)}, up to ${f.glucose(d.peakMgdl)} at ${d.peakTime}`,
        ),
      ),
      discuss: 'Talk about these rises after meals with your care team or a dietitian.',
    }),
    dawn_rise: ({ evidence: e }, f) => ({
      title: 'Glucose rising in the early morning',
      body:
        `Between ${e.windowStart} and ${e.windowEnd}, without food, your glucose rose by at least ${f.glucose(e.thresholdMgdl)} ` +
        `on ${e.nights.length} of the ${e.nightsWithData} nights analysed (on average ${f.glucoseChange(e.averageRiseMgdl)}). ` +
        'This is called the "dawn phenomenon".',
      evidence: e.nights.map(
        (n) =>
          `${capitalized(night(f, n.date))}: ${f.glucose(n.nadirMgdl)} at ${n.nadirTime}, then ${f.glucose(n.endMgdl)} at ${n.endTime} (${f.glucoseChange(n.riseMgdl)})`,
      ),
      discuss: 'Talk about this early-morning rise with your care team.',
    }),
    high_variability: ({ evidence: e }, f) => ({
      title: 'Glucose varies a lot',
      body: `The coefficient of variation of your glucose is ${f.percent(e.cvPercent)} (target: ≤ ${f.limit(e.cvMaxPercent)}). Glucose that varies this much makes lows more likely.`,
      evidence: [
        `Average: ${f.glucose(e.meanMgdl)}`,
        `Standard deviation: ${f.glucose(e.sdMgdl)}`,
        `Coefficient of variation: ${f.percent(e.cvPercent)}`,
      ],
      discuss:
        'Talk to your care team about what makes your glucose vary (meals, physical activity, timing).',
    }),
    tir_change: ({ evidence: e }, f) => {
      const improving = e.direction === 'improving';
      return {
        title: improving ? 'Your time in range is improving' : 'Your time in range is falling',
        body:
          `Time between ${f.glucose(e.rangeLowMgdl)} and ${f.glucose(e.rangeHighMgdl)}: ${f.percent(e.currentPercent)} this period, ` +
          `against ${f.percent(e.previousPercent)} the period before (${f.signed(e.changePoints)} points). A change of 5 points or more is considered meaningful.`,
        evidence: [
          `This period: ${f.percent(e.currentPercent)}`,
          `Previous period: ${f.percent(e.previousPercent)}`,
          `Change: ${f.signed(e.changePoints)} points`,
        ],
        discuss: improving
          ? 'Talk to your care team about what worked well, so you can keep it up.'
          : 'Talk to your care team about what has changed in the last few weeks.',
      };
    },
    hba1c_rising: ({ evidence: e }, f) => {
      const values = e.results.map((r) => f.hba1c(r.percent));
      const latest = values[values.length - 1] ?? '';
      const previous = values[values.length - 2] ?? '';
      return {
        title: 'Your HbA1c is rising',
        body:
          e.reason === 'two_increases'
            ? `Your last three HbA1c results are rising: ${values.join(', then ')} (target: ≤ ${f.limit(e.targetPercent)}).`
            : `Your latest HbA1c result (${latest}) is higher than the one before (${previous}) and above your target (≤ ${f.limit(e.targetPercent)}).`,
        evidence: e.results.map((r) => `${f.fullDate(r.date)}: ${f.hba1c(r.percent)}`),
        discuss: 'Talk about this change with your doctor at your next appointment.',
      };
    },
    blood_pressure_high: ({ evidence: e }, f) => ({
      title: 'Blood pressure high several times',
      body:
        e.highCount === e.readings.length
          ? `All of your last ${e.readings.length} blood pressure readings (over ${e.windowDays} days) were ${e.systolicLimit}/${e.diastolicLimit} mmHg or higher.`
          : `${e.highCount} of your last ${e.readings.length} blood pressure readings (over ${e.windowDays} days) were ${e.systolicLimit}/${e.diastolicLimit} mmHg or higher.`,
      evidence: e.readings.map(
        (r) =>
          `${f.date(r.date)} at ${r.time}: ${r.systolic}/${r.diastolic} mmHg${r.high ? ' (high)' : ''}`,
      ),
      discuss: 'Talk about these readings with your doctor; show them at your next appointment.',
    }),
    ldl_above_target: ({ evidence: e }, f) => ({
      title: 'LDL cholesterol above target',
      body: `Your latest LDL cholesterol result (${f.fullDate(e.date)}) is ${f.ldl(e.latestMgdl)}, for a target of ${f.ldl(e.targetMgdl)} at most.`,
      evidence: [
        `LDL cholesterol on ${f.fullDate(e.date)}: ${f.ldl(e.latestMgdl)}`,
        `Target: ≤ ${f.ldl(e.targetMgdl)}`,
      ],
      discuss: 'Talk about this result with your doctor at your next appointment.',
    }),
  },
};
