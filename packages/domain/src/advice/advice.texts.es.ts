import type { AdviceCatalog, AdviceFormat } from './advice.catalog';
import type { MealSlot } from './advice.schemas';

/** Spanish, translated from the French reference (advice.texts.fr.ts). */

const MEAL: Record<MealSlot, { name: string; after: string }> = {
  breakfast: { name: 'Desayuno', after: 'después del desayuno' },
  lunch: { name: 'Comida', after: 'después de la comida' },
  dinner: { name: 'Cena', after: 'después de la cena' },
};

const night = (f: AdviceFormat, date: string): string => {
  const { from, to } = f.night(date);
  return `noche del ${from} al ${to}`;
};

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export const ADVICE_TEXTS_ES: AdviceCatalog = {
  hypoTreatment: 'Tome 15 g de azúcar de absorción rápida y vuelva a medir después de 15 minutos.',
  emergency: 'En caso de urgencia, llame al 15 (SAMU) o al 112.',
  references: {
    consensus_tir_2019:
      'Consenso internacional sobre el tiempo en rango (Battelino et al., Diabetes Care, 2019)',
    ada_standards_2024_glycemic:
      'American Diabetes Association, objetivos glucémicos (Standards of Care, 2024)',
    monnier_dawn_2013: 'Fenómeno del alba (Monnier et al., Diabetes Care, 2013)',
    esh_2023_bp: 'Guías de la Sociedad Europea de Hipertensión (ESH, 2023)',
    esc_eas_2019_lipids: 'Guías europeas sobre dislipidemias (ESC/EAS, 2019)',
  },
  kinds: {
    insufficient_data: ({ evidence: e }, f) => {
      const hidden =
        'Por eso no se muestran los demás consejos sobre la glucosa para este periodo.';
      if (e.source === 'cgm') {
        return {
          title: 'No hay datos suficientes para analizar su glucosa',
          body: `Su sensor envió el ${f.percent(e.activePercent ?? 0)} de las mediciones esperadas en ${e.periodDays} días; se necesita al menos el ${f.limit(e.minActivePercent ?? 0)} para que las tendencias sean fiables. ${hidden}`,
          evidence: [
            `Tiempo de uso del sensor: ${f.percent(e.activePercent ?? 0)} (mínimo ${f.limit(e.minActivePercent ?? 0)})`,
            `Mediciones recibidas: ${f.count(e.readingCount)}`,
          ],
          discuss:
            'Si el sensor se despega, le molesta o pierde la señal, hable con su equipo de salud: puede ayudarle a llevarlo más tiempo.',
        };
      }
      return {
        title: 'No hay mediciones suficientes para analizar su glucosa',
        body: `${e.readingCount} ${f.plural(e.readingCount, 'medición', 'mediciones')} de glucosa en ${e.periodDays} días; se necesitan al menos ${e.minReadingCount ?? 0} (una al día de media) para detectar tendencias. ${hidden}`,
        evidence: [`Mediciones: ${e.readingCount} (mínimo ${e.minReadingCount ?? 0})`],
        discuss:
          'Hable con su equipo de salud sobre cuántas mediciones hacer y en qué momentos del día.',
      };
    },
    night_hypo: ({ severity, evidence: e }, f) => {
      const lowest = e.nights.reduce((a, b) => (b.lowestMgdl < a.lowestMgdl ? b : a));
      const severe = e.nights.some((n) => n.lowestMgdl < e.severeBelowMgdl);
      return {
        title: 'Hipoglucemias nocturnas repetidas',
        body:
          `Su glucosa bajó de ${f.glucose(e.thresholdMgdl)} entre la medianoche y las 6 h durante ${e.nights.length} noches de los últimos ${e.windowDays} días. ` +
          `El valor más bajo: ${f.glucose(lowest.lowestMgdl)}, ${night(f, lowest.date)}, a las ${lowest.lowestTime}.` +
          (severe
            ? ` Un valor por debajo de ${f.glucose(e.severeBelowMgdl)} es una hipoglucemia importante.`
            : ''),
        evidence: e.nights.map(
          (n) =>
            `${capitalized(night(f, n.date))}: ${f.glucose(n.lowestMgdl)} a las ${n.lowestTime}`,
        ),
        discuss:
          severity === 'urgent'
            ? 'Póngase en contacto con su equipo de salud sin esperar a la próxima cita para hablar de estas hipoglucemias nocturnas.'
            : 'Hable de estas hipoglucemias nocturnas con su equipo de salud: podrá buscar la causa con usted (cena, actividad, horarios).',
      };
    },
    time_below_range: ({ severity, evidence: e }, f) => {
      const of = e.basis === 'time' ? 'del tiempo' : 'de sus mediciones';
      const target = (limit: number | null): string =>
        limit === null ? '' : ` (objetivo: ≤ ${f.limit(limit)})`;
      return {
        title: 'Demasiado tiempo con la glucosa baja',
        body:
          e.basis === 'time'
            ? 'En este periodo, el tiempo que pasó por debajo de su rango supera el objetivo fijado para usted.'
            : 'En este periodo, la parte de sus mediciones por debajo de su rango supera el objetivo fijado para usted.',
        evidence: [
          `Por debajo de ${f.glucose(e.lowBelowMgdl)}: ${f.percent(e.belowRangePercent)} ${of}${target(e.belowRangeMaxPercent)}`,
          `Por debajo de ${f.glucose(e.veryLowBelowMgdl)}: ${f.percent(e.veryLowPercent)} ${of}${target(e.veryLowMaxPercent)}`,
        ],
        discuss:
          severity === 'urgent'
            ? `Póngase en contacto pronto con su equipo de salud: el tiempo por debajo de ${f.glucose(e.veryLowBelowMgdl)} supera el objetivo.`
            : 'Enseñe estas cifras a su equipo de salud y busquen juntos qué provoca estas bajadas.',
      };
    },
    post_meal_high: ({ evidence: e }, f) => ({
      title:
        e.slots.length === 1
          ? `Glucosa alta ${MEAL[e.slots[0]!.slot].after}`
          : 'Glucosa alta después de algunas comidas',
      body: e.slots
        .map(
          (s) =>
            `${capitalized(MEAL[s.slot].after)}, su glucosa se mantuvo por encima de ${f.glucose(e.thresholdMgdl)} más de ${f.duration(e.minMinutes)} durante ${s.days.length} días de este periodo.`,
        )
        .join(' '),
      evidence: e.slots.flatMap((s) =>
        s.days.map(
          (d) =>
            `${MEAL[s.slot].name} del ${f.date(d.date)}, ${d.mealTime}${d.mealSource === 'detected' ? ' (hora estimada)' : ''}: ` +
            `por encima de ${f.glucose(e.thresholdMgdl)} durante ${f.duration(d.minutesAbove)}, hasta ${f.glucose(d.peakMgdl)} a las ${d.peakTime}`,
        ),
      ),
      discuss:
        'Hable de estas subidas después de las comidas con su equipo de salud o con un dietista.',
    }),
    dawn_rise: ({ evidence: e }, f) => ({
      title: 'Subida de la glucosa de madrugada',
      body:
        `Entre las ${e.windowStart} y las ${e.windowEnd}, sin comer, su glucosa subió al menos ${f.glucose(e.thresholdMgdl)} ` +
        `en ${e.nights.length} de las ${e.nightsWithData} noches analizadas (de media ${f.glucoseChange(e.averageRiseMgdl)}). ` +
        'Se conoce como «fenómeno del alba».',
      evidence: e.nights.map(
        (n) =>
          `${capitalized(night(f, n.date))}: ${f.glucose(n.nadirMgdl)} a las ${n.nadirTime} y ${f.glucose(n.endMgdl)} a las ${n.endTime} (${f.glucoseChange(n.riseMgdl)})`,
      ),
      discuss: 'Hable de esta subida de madrugada con su equipo de salud.',
    }),
    high_variability: ({ evidence: e }, f) => ({
      title: 'Glucosa muy variable',
      body: `El coeficiente de variación de su glucosa es del ${f.percent(e.cvPercent)} (objetivo: ≤ ${f.limit(e.cvMaxPercent)}). Una glucosa tan variable hace más probables las hipoglucemias.`,
      evidence: [
        `Media: ${f.glucose(e.meanMgdl)}`,
        `Desviación estándar: ${f.glucose(e.sdMgdl)}`,
        `Coeficiente de variación: ${f.percent(e.cvPercent)}`,
      ],
      discuss:
        'Hable con su equipo de salud de lo que hace variar su glucosa (comidas, actividad física, horarios).',
    }),
    tir_change: ({ evidence: e }, f) => {
      const improving = e.direction === 'improving';
      return {
        title: improving ? 'Su tiempo en rango mejora' : 'Su tiempo en rango baja',
        body:
          `Tiempo entre ${f.glucose(e.rangeLowMgdl)} y ${f.glucose(e.rangeHighMgdl)}: ${f.percent(e.currentPercent)} en este periodo, ` +
          `frente al ${f.percent(e.previousPercent)} del anterior (${f.signed(e.changePoints)} puntos). Un cambio de 5 puntos o más se considera importante.`,
        evidence: [
          `Este periodo: ${f.percent(e.currentPercent)}`,
          `Periodo anterior: ${f.percent(e.previousPercent)}`,
          `Cambio: ${f.signed(e.changePoints)} puntos`,
        ],
        discuss: improving
          ? 'Hable con su equipo de salud de lo que ha funcionado bien, para mantenerlo.'
          : 'Hable con su equipo de salud de lo que ha cambiado en las últimas semanas.',
      };
    },
    hba1c_rising: ({ evidence: e }, f) => {
      const values = e.results.map((r) => f.hba1c(r.percent));
      const latest = values[values.length - 1] ?? '';
      const previous = values[values.length - 2] ?? '';
      return {
        title: 'Su HbA1c está subiendo',
        body:
          e.reason === 'two_increases'
            ? `Sus tres últimos resultados de HbA1c suben: ${values.join(', luego ')} (objetivo: ≤ ${f.limit(e.targetPercent)}).`
            : `Su último resultado de HbA1c (${latest}) es más alto que el anterior (${previous}) y está por encima de su objetivo (≤ ${f.limit(e.targetPercent)}).`,
        evidence: e.results.map((r) => `${f.fullDate(r.date)}: ${f.hba1c(r.percent)}`),
        discuss: 'Hable de esta evolución con su médico en su próxima cita.',
      };
    },
    blood_pressure_high: ({ evidence: e }, f) => ({
      title: 'Tensión arterial alta en varias ocasiones',
      body:
        e.highCount === e.readings.length
          ? `Sus ${e.readings.length} últimas mediciones de tensión (en ${e.windowDays} días) fueron todas de ${e.systolicLimit}/${e.diastolicLimit} mmHg o más.`
          : `${e.highCount} de sus ${e.readings.length} últimas mediciones de tensión (en ${e.windowDays} días) fueron de ${e.systolicLimit}/${e.diastolicLimit} mmHg o más.`,
      evidence: e.readings.map(
        (r) =>
          `${capitalized(f.date(r.date))} a las ${r.time}: ${r.systolic}/${r.diastolic} mmHg${r.high ? ' (alta)' : ''}`,
      ),
      discuss: 'Hable de estas mediciones con su médico; enséñeselas en la próxima cita.',
    }),
    ldl_above_target: ({ evidence: e }, f) => ({
      title: 'Colesterol LDL por encima del objetivo',
      body: `Su último resultado de colesterol LDL (${f.fullDate(e.date)}) es de ${f.ldl(e.latestMgdl)}, para un objetivo de ${f.ldl(e.targetMgdl)} como máximo.`,
      evidence: [
        `Colesterol LDL del ${f.fullDate(e.date)}: ${f.ldl(e.latestMgdl)}`,
        `Objetivo: ≤ ${f.ldl(e.targetMgdl)}`,
      ],
      discuss: 'Hable de este resultado con su médico en su próxima cita.',
    }),
  },
};
