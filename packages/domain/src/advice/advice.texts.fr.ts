import type { AdviceCatalog, AdviceFormat } from './advice.catalog';
import type { MealSlot } from './advice.schemas';

/**
 * French, the reference language. Plain words for the patient, the numbers of the evidence, and
 * always what to talk about with the care team — never a dose or a change of treatment.
 */

const MEAL: Record<MealSlot, { name: string; after: string }> = {
  breakfast: { name: 'Petit-déjeuner', after: 'après le petit-déjeuner' },
  lunch: { name: 'Déjeuner', after: 'après le déjeuner' },
  dinner: { name: 'Dîner', after: 'après le dîner' },
};

const night = (f: AdviceFormat, date: string): string => {
  const { from, to } = f.night(date);
  return `nuit du ${from} au ${to}`;
};

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export const ADVICE_TEXTS_FR: AdviceCatalog = {
  hypoTreatment: 'Prenez 15 g de sucre rapide, puis contrôlez à nouveau après 15 minutes.',
  emergency: "En cas d'urgence, appelez le 15 (SAMU) ou le 112.",
  references: {
    consensus_tir_2019:
      'Consensus international sur le temps dans la cible (Battelino et al., Diabetes Care, 2019)',
    ada_standards_2024_glycemic:
      "Recommandations de l'American Diabetes Association, objectifs glycémiques (Standards of Care, 2024)",
    monnier_dawn_2013: "Phénomène de l'aube (Monnier et al., Diabetes Care, 2013)",
    esh_2023_bp: "Recommandations de la Société européenne d'hypertension (ESH, 2023)",
    esc_eas_2019_lipids: 'Recommandations européennes sur les dyslipidémies (ESC/EAS, 2019)',
  },
  kinds: {
    insufficient_data: ({ evidence: e }, f) => {
      const hidden =
        'Les autres conseils sur la glycémie ne sont donc pas affichés pour cette période.';
      if (e.source === 'cgm') {
        return {
          title: 'Pas assez de données pour analyser votre glycémie',
          body: `Votre capteur a transmis ${f.percent(e.activePercent ?? 0)} des mesures attendues sur ${e.periodDays} jours ; il en faut au moins ${f.limit(e.minActivePercent ?? 0)} pour que les tendances soient fiables. ${hidden}`,
          evidence: [
            `Temps de port du capteur : ${f.percent(e.activePercent ?? 0)} (minimum ${f.limit(e.minActivePercent ?? 0)})`,
            `Mesures reçues : ${f.count(e.readingCount)}`,
          ],
          discuss:
            'Si le capteur se décolle, vous gêne ou perd le signal, parlez-en avec votre équipe soignante : elle peut vous aider à le porter plus longtemps.',
        };
      }
      return {
        title: 'Pas assez de mesures pour analyser votre glycémie',
        body: `${e.readingCount} ${f.plural(e.readingCount, 'mesure', 'mesures')} de glycémie en ${e.periodDays} jours ; il en faut au moins ${e.minReadingCount ?? 0} (en moyenne une par jour) pour repérer des tendances. ${hidden}`,
        evidence: [`Mesures : ${e.readingCount} (minimum ${e.minReadingCount ?? 0})`],
        discuss:
          'Parlez avec votre équipe soignante du nombre de mesures et des moments de la journée qui vous conviennent.',
      };
    },
    night_hypo: ({ severity, evidence: e }, f) => {
      const lowest = e.nights.reduce((a, b) => (b.lowestMgdl < a.lowestMgdl ? b : a));
      const severe = e.nights.some((n) => n.lowestMgdl < e.severeBelowMgdl);
      return {
        title: 'Hypoglycémies la nuit, à plusieurs reprises',
        body:
          `Votre glycémie est descendue sous ${f.glucose(e.thresholdMgdl)} entre minuit et 6 h pendant ${e.nights.length} nuits des ${e.windowDays} derniers jours. ` +
          `La valeur la plus basse : ${f.glucose(lowest.lowestMgdl)}, ${night(f, lowest.date)}, à ${lowest.lowestTime}.` +
          (severe
            ? ` Une valeur sous ${f.glucose(e.severeBelowMgdl)} est une hypoglycémie importante.`
            : ''),
        evidence: e.nights.map(
          (n) => `${capitalized(night(f, n.date))} : ${f.glucose(n.lowestMgdl)} à ${n.lowestTime}`,
        ),
        discuss:
          severity === 'urgent'
            ? 'Contactez votre équipe soignante sans attendre le prochain rendez-vous pour parler de ces hypoglycémies nocturnes.'
            : 'Parlez de ces hypoglycémies nocturnes avec votre équipe soignante : elle pourra en chercher la cause avec vous (repas du soir, activité, horaires).',
      };
    },
    time_below_range: ({ severity, evidence: e }, f) => {
      const of = e.basis === 'time' ? 'du temps' : 'de vos mesures';
      const target = (limit: number | null): string =>
        limit === null ? '' : ` (objectif : ≤ ${f.limit(limit)})`;
      return {
        title: 'Trop de temps en hypoglycémie',
        body:
          e.basis === 'time'
            ? "Sur cette période, le temps passé sous la cible dépasse l'objectif fixé pour vous."
            : "Sur cette période, la part de vos mesures sous la cible dépasse l'objectif fixé pour vous.",
        evidence: [
          `Sous ${f.glucose(e.lowBelowMgdl)} : ${f.percent(e.belowRangePercent)} ${of}${target(e.belowRangeMaxPercent)}`,
          `Sous ${f.glucose(e.veryLowBelowMgdl)} : ${f.percent(e.veryLowPercent)} ${of}${target(e.veryLowMaxPercent)}`,
        ],
        discuss:
          severity === 'urgent'
            ? `Contactez votre équipe soignante rapidement : le temps passé sous ${f.glucose(e.veryLowBelowMgdl)} dépasse l'objectif.`
            : 'Montrez ces chiffres à votre équipe soignante et cherchez ensemble ce qui provoque ces glycémies basses.',
      };
    },
    post_meal_high: ({ evidence: e }, f) => ({
      title:
        e.slots.length === 1
          ? `Glycémie élevée ${MEAL[e.slots[0]!.slot].after}`
          : 'Glycémie élevée après certains repas',
      body: e.slots
        .map(
          (s) =>
            `${capitalized(MEAL[s.slot].after)}, votre glycémie est restée au-dessus de ${f.glucose(e.thresholdMgdl)} pendant plus de ${f.duration(e.minMinutes)}, ${s.days.length} jours sur cette période.`,
        )
        .join(' '),
      evidence: e.slots.flatMap((s) =>
        s.days.map(
          (d) =>
            `${MEAL[s.slot].name} du ${f.date(d.date)}, ${d.mealTime}${d.mealSource === 'detected' ? ' (heure estimée)' : ''} : ` +
            `au-dessus de ${f.glucose(e.thresholdMgdl)} pendant ${f.duration(d.minutesAbove)}, jusqu'à ${f.glucose(d.peakMgdl)} à ${d.peakTime}`,
        ),
      ),
      discuss:
        'Parlez de ces montées après les repas avec votre équipe soignante ou avec un ou une diététicienne.',
    }),
    dawn_rise: ({ evidence: e }, f) => ({
      title: 'Hausse de la glycémie en fin de nuit',
      body:
        `Entre ${e.windowStart} et ${e.windowEnd}, sans repas, votre glycémie a monté d'au moins ${f.glucose(e.thresholdMgdl)} ` +
        `pendant ${e.nights.length} des ${e.nightsWithData} nuits analysées (en moyenne ${f.glucoseChange(e.averageRiseMgdl)}). ` +
        "On appelle cela le « phénomène de l'aube ».",
      evidence: e.nights.map(
        (n) =>
          `${capitalized(night(f, n.date))} : ${f.glucose(n.nadirMgdl)} à ${n.nadirTime}, puis ${f.glucose(n.endMgdl)} à ${n.endTime} (${f.glucoseChange(n.riseMgdl)})`,
      ),
      discuss: 'Parlez de cette hausse du petit matin avec votre équipe soignante.',
    }),
    high_variability: ({ evidence: e }, f) => ({
      title: 'Glycémie très variable',
      body: `Le coefficient de variation de votre glycémie est de ${f.percent(e.cvPercent)} (objectif : ≤ ${f.limit(e.cvMaxPercent)}). Une glycémie qui varie autant rend les hypoglycémies plus probables.`,
      evidence: [
        `Moyenne : ${f.glucose(e.meanMgdl)}`,
        `Écart type : ${f.glucose(e.sdMgdl)}`,
        `Coefficient de variation : ${f.percent(e.cvPercent)}`,
      ],
      discuss:
        'Parlez avec votre équipe soignante de ce qui fait varier votre glycémie (repas, activité physique, horaires).',
    }),
    tir_change: ({ evidence: e }, f) => {
      const improving = e.direction === 'improving';
      return {
        title: improving
          ? "Votre temps dans la cible s'améliore"
          : 'Votre temps dans la cible diminue',
        body:
          `Temps entre ${f.glucose(e.rangeLowMgdl)} et ${f.glucose(e.rangeHighMgdl)} : ${f.percent(e.currentPercent)} sur cette période, ` +
          `contre ${f.percent(e.previousPercent)} sur la précédente (${f.signed(e.changePoints)} points). Un écart de 5 points ou plus est considéré comme important.`,
        evidence: [
          `Cette période : ${f.percent(e.currentPercent)}`,
          `Période précédente : ${f.percent(e.previousPercent)}`,
          `Écart : ${f.signed(e.changePoints)} points`,
        ],
        discuss: improving
          ? 'Parlez avec votre équipe soignante de ce qui a bien fonctionné, pour le garder.'
          : 'Parlez avec votre équipe soignante de ce qui a changé ces dernières semaines.',
      };
    },
    hba1c_rising: ({ evidence: e }, f) => {
      const values = e.results.map((r) => f.hba1c(r.percent));
      const latest = values[values.length - 1] ?? '';
      const previous = values[values.length - 2] ?? '';
      return {
        title: 'Votre HbA1c augmente',
        body:
          e.reason === 'two_increases'
            ? `Vos trois derniers résultats d'HbA1c augmentent : ${values.join(' puis ')} (objectif : ≤ ${f.limit(e.targetPercent)}).`
            : `Votre dernier résultat d'HbA1c (${latest}) est plus élevé que le précédent (${previous}) et au-dessus de votre objectif (≤ ${f.limit(e.targetPercent)}).`,
        evidence: e.results.map((r) => `${f.fullDate(r.date)} : ${f.hba1c(r.percent)}`),
        discuss: 'Parlez de cette évolution avec votre médecin lors de votre prochain rendez-vous.',
      };
    },
    blood_pressure_high: ({ evidence: e }, f) => ({
      title: 'Tension artérielle élevée à plusieurs reprises',
      body:
        e.highCount === e.readings.length
          ? `Vos ${e.readings.length} dernières mesures de tension (sur ${e.windowDays} jours) étaient toutes à ${e.systolicLimit}/${e.diastolicLimit} mmHg ou plus.`
          : `${e.highCount} de vos ${e.readings.length} dernières mesures de tension (sur ${e.windowDays} jours) étaient à ${e.systolicLimit}/${e.diastolicLimit} mmHg ou plus.`,
      evidence: e.readings.map(
        (r) =>
          `${capitalized(f.date(r.date))} à ${r.time} : ${r.systolic}/${r.diastolic} mmHg${r.high ? ' (élevée)' : ''}`,
      ),
      discuss:
        'Parlez de ces mesures avec votre médecin ; montrez-les-lui au prochain rendez-vous.',
    }),
    ldl_above_target: ({ evidence: e }, f) => ({
      title: "LDL-cholestérol au-dessus de l'objectif",
      body: `Votre dernier résultat de LDL-cholestérol (${f.fullDate(e.date)}) est de ${f.ldl(e.latestMgdl)}, pour un objectif de ${f.ldl(e.targetMgdl)} au plus.`,
      evidence: [
        `LDL-cholestérol du ${f.fullDate(e.date)} : ${f.ldl(e.latestMgdl)}`,
        `Objectif : ≤ ${f.ldl(e.targetMgdl)}`,
      ],
      discuss: 'Parlez de ce résultat avec votre médecin lors de votre prochain rendez-vous.',
    }),
  },
};
