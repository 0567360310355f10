/**
 * Server-side texts of the files the server writes (PDF, CSV headers), in the patient's
 * language. The web app's catalogs cannot be used here: the server renders these files itself.
 * French typography: a non-breaking space before « : ; % » and between a number and its unit
 * (U+00A0: the PDF's built-in Helvetica is WinAnsi-encoded, which has no U+202F).
 */

export type ReportLanguage = 'fr' | 'en' | 'es';

export const NBSP = '\u00A0';

export interface ReportTexts {
  title: string;
  patient: string;
  period: (from: string, to: string, days: number) => string;
  generatedOn: (date: string) => string;
  timeInRanges: string;
  timeInRange: string;
  bands: { very_high: string; high: string; in_range: string; low: string; very_low: string };
  mean: string;
  gmi: string;
  cv: string;
  gri: (zone: string) => string;
  activeTime: string;
  readings: string;
  insufficient: string;
  /** A meter report's headings and figures: shares of readings, counted lows and highs. */
  readingsInRanges: string;
  readingsInRange: string;
  sd: string;
  readingsPerDay: string;
  lows: (limit: string) => string;
  highs: (limit: string) => string;
  /** A count and, when any, how many of them lie beyond the second limit. */
  countWithin: (count: number, beyond: number, limit: string, side: 'below' | 'above') => string;
  /** Why GMI, GRI, sensor time and the AGP are not printed (glucose-figures.ts). */
  cgmWithheld: { no_cgm: string; cgm_too_little: string };
  agp: string;
  agpLegend: string;
  daily: string;
  noGlucose: string;
  otherResults: string;
  /** Heading of the advice findings (advice.texts.ts words each finding). */
  advice: string;
  /** Ends a finding's evidence cut short: the other facts are on the screen. */
  moreEvidence: (count: number) => string;
  hba1c: string;
  lipids: string;
  lipidNames: { total: string; hdl: string; ldl: string; triglycerides: string };
  bloodPressure: string;
  weight: string;
  none: string;
  disclaimer: string;
  colon: string;
  csv: {
    dateLocal: string;
    dateUtc: string;
    kind: string;
    value: string;
    unit: string;
    userValue: string;
    userUnit: string;
    total: string;
    hdl: string;
    ldl: string;
    triglycerides: string;
    systolic: string;
    diastolic: string;
    pulse: string;
    detail: string;
    source: string;
    device: string;
    note: string;
    kinds: { glucose: string; hba1c: string; lipids: string; blood_pressure: string; weight: string; event: string };
  };
}

const fr: ReportTexts = {
  title: 'Rapport glycémique',
  patient: 'Patient',
  period: (from, to, days) => `Du ${from} au ${to} (${days}${NBSP}jours)`,
  generatedOn: (date) => `Généré par GlucoSuivi le ${date}`,
  timeInRanges: 'Temps dans les plages',
  timeInRange: 'Temps dans la cible',
  bands: { very_high: 'Très élevé', high: 'Élevé', in_range: 'Dans la cible', low: 'Bas', very_low: 'Très bas' },
  mean: 'Glycémie moyenne',
  gmi: 'GMI (indicateur de gestion du glucose)',
  cv: 'Variabilité (CV)',
  gri: (zone) => `Indice de risque glycémique (GRI), zone${NBSP}${zone}`,
  activeTime: 'Temps de capteur actif',
  readings: 'Mesures',
  insufficient: 'Données insuffisantes pour un rapport représentatif (moins de 14 jours ou moins de 70 % de temps actif).',
  readingsInRanges: 'Répartition des mesures',
  readingsInRange: 'Mesures dans la cible',
  sd: 'Écart type',
  readingsPerDay: 'Mesures par jour',
  lows: (limit) => `Mesures sous ${limit}`,
  highs: (limit) => `Mesures au-dessus de ${limit}`,
  countWithin: (count, beyond, limit, side) => (beyond > 0 ? `${count} (dont ${beyond} ${side === 'below' ? 'sous' : 'au-dessus de'} ${limit})` : `${count}`),
  cgmWithheld: {
    no_cgm:
      `Glycémies capillaires${NBSP}: les pourcentages portent sur le nombre de mesures, pas sur le temps. Le GMI, le GRI, le temps de capteur actif et le profil AGP ne se calculent qu’à partir d’un capteur de glucose en continu${NBSP}; ils ne figurent donc pas ici.`,
    cgm_too_little:
      `Le capteur a fonctionné moins de 70${NBSP}% de la période${NBSP}: le GMI, le GRI, le temps de capteur actif et le profil AGP ne sont pas affichés, car ils ne seraient pas représentatifs.`,
  },
  agp: 'Profil glycémique ambulatoire (AGP)',
  agpLegend: 'Médiane, 25–75 % et 5–95 % des valeurs selon l’heure',
  daily: 'Profils quotidiens',
  noGlucose: 'Aucune glycémie sur la période.',
  otherResults: 'Autres résultats (dernières valeurs)',
  advice: 'Points à discuter avec votre équipe soignante',
  moreEvidence: (count) => `et ${count}${NBSP}${count > 1 ? 'autres' : 'autre'} dans l’application`,
  hba1c: 'HbA1c',
  lipids: 'Bilan lipidique',
  lipidNames: { total: 'Cholestérol total', hdl: 'HDL', ldl: 'LDL', triglycerides: 'Triglycérides' },
  bloodPressure: 'Tension artérielle',
  weight: 'Poids',
  none: 'aucune valeur',
  disclaimer: 'Ce rapport est une aide au suivi ; il ne remplace pas l’avis de votre équipe soignante.',
  colon: `${NBSP}:`,
  csv: {
    dateLocal: 'Date (heure locale)',
    dateUtc: 'Date (UTC)',
    kind: 'Type',
    value: 'Valeur',
    unit: 'Unité',
    userValue: 'Valeur (unité de saisie)',
    userUnit: 'Unité de saisie',
    total: 'Cholestérol total (mg/dL)',
    hdl: 'HDL (mg/dL)',
    ldl: 'LDL (mg/dL)',
    triglycerides: 'Triglycérides (mg/dL)',
    systolic: 'Systolique (mmHg)',
    diastolic: 'Diastolique (mmHg)',
    pulse: 'Pouls (bpm)',
    detail: 'Détail',
    source: 'Source',
    device: 'Appareil',
    note: 'Note',
    kinds: { glucose: 'Glycémie', hba1c: 'HbA1c', lipids: 'Bilan lipidique', blood_pressure: 'Tension', weight: 'Poids', event: 'Événement' },
  },
};

const en: ReportTexts = {
  title: 'Glucose report',
  patient: 'Patient',
  period: (from, to, days) => `${from} to ${to} (${days} days)`,
  generatedOn: (date) => `Generated by GlucoSuivi on ${date}`,
  timeInRanges: 'Time in ranges',
  timeInRange: 'Time in range',
  bands: { very_high: 'Very high', high: 'High', in_range: 'In range', low: 'Low', very_low: 'Very low' },
  mean: 'Mean glucose',
  gmi: 'GMI (glucose management indicator)',
  cv: 'Variability (CV)',
  gri: (zone) => `Glycaemia risk index (GRI), zone ${zone}`,
  activeTime: 'CGM active time',
  readings: 'Readings',
  insufficient: 'Not enough data for a representative report (under 14 days or under 70% active time).',
  readingsInRanges: 'Readings by range',
  readingsInRange: 'Readings in range',
  sd: 'Standard deviation',
  readingsPerDay: 'Readings per day',
  lows: (limit) => `Readings below ${limit}`,
  highs: (limit) => `Readings above ${limit}`,
  countWithin: (count, beyond, limit, side) => (beyond > 0 ? `${count} (${beyond} ${side === 'below' ? 'below' : 'above'} ${limit})` : `${count}`),
  cgmWithheld: {
    no_cgm:
      'Finger-stick readings: the percentages are shares of readings, not of time. GMI, GRI, sensor active time and the AGP profile are computed from a continuous glucose monitor only, so they are not shown here.',
    cgm_too_little:
      'The sensor was active less than 70% of the period: GMI, GRI, sensor active time and the AGP profile are not shown, as they would not be representative.',
  },
  agp: 'Ambulatory glucose profile (AGP)',
  agpLegend: 'Median, 25–75% and 5–95% of values by time of day',
  daily: 'Daily profiles',
  noGlucose: 'No glucose readings in this period.',
  otherResults: 'Other results (latest values)',
  advice: 'Points to discuss with your care team',
  moreEvidence: (count) => `and ${count} more in the app`,
  hba1c: 'HbA1c',
  lipids: 'Lipid panel',
  lipidNames: { total: 'Total cholesterol', hdl: 'HDL', ldl: 'LDL', triglycerides: 'Triglycerides' },
  bloodPressure: 'Blood pressure',
  weight: 'Weight',
  none: 'no value',
  disclaimer: 'This report supports follow-up; it does not replace your care team’s advice.',
  colon: ':',
  csv: {
    dateLocal: 'Date (local time)',
    dateUtc: 'Date (UTC)',
    kind: 'Kind',
    value: 'Value',
    unit: 'Unit',
    userValue: 'Value (entry unit)',
    userUnit: 'Entry unit',
    total: 'Total cholesterol (mg/dL)',
    hdl: 'HDL (mg/dL)',
    ldl: 'LDL (mg/dL)',
    triglycerides: 'Triglycerides (mg/dL)',
    systolic: 'Systolic (mmHg)',
    diastolic: 'Diastolic (mmHg)',
    pulse: 'Pulse (bpm)',
    detail: 'Detail',
    source: 'Source',
    device: 'Device',
    note: 'Note',
    kinds: { glucose: 'Glucose', hba1c: 'HbA1c', lipids: 'Lipid panel', blood_pressure: 'Blood pressure', weight: 'Weight', event: 'Event' },
  },
};

const es: ReportTexts = {
  title: 'Informe de glucosa',
  patient: 'Paciente',
  period: (from, to, days) => `Del ${from} al ${to} (${days}${NBSP}días)`,
  generatedOn: (date) => `Generado por GlucoSuivi el ${date}`,
  timeInRanges: 'Tiempo en rangos',
  timeInRange: 'Tiempo en rango',
  bands: { very_high: 'Muy alto', high: 'Alto', in_range: 'En rango', low: 'Bajo', very_low: 'Muy bajo' },
  mean: 'Glucosa media',
  gmi: 'GMI (indicador de gestión de glucosa)',
  cv: 'Variabilidad (CV)',
  gri: (zone) => `Índice de riesgo glucémico (GRI), zona ${zone}`,
  activeTime: 'Tiempo de sensor activo',
  readings: 'Mediciones',
  insufficient: 'Datos insuficientes para un informe representativo (menos de 14 días o menos del 70 % de tiempo activo).',
  readingsInRanges: 'Reparto de las mediciones',
  readingsInRange: 'Mediciones en rango',
  sd: 'Desviación estándar',
  readingsPerDay: 'Mediciones por día',
  lows: (limit) => `Mediciones por debajo de ${limit}`,
  highs: (limit) => `Mediciones por encima de ${limit}`,
  countWithin: (count, beyond, limit, side) => (beyond > 0 ? `${count} (${beyond} ${side === 'below' ? 'por debajo de' : 'por encima de'} ${limit})` : `${count}`),
  cgmWithheld: {
    no_cgm:
      'Glucemias capilares: los porcentajes se refieren al número de mediciones, no al tiempo. El GMI, el GRI, el tiempo de sensor activo y el perfil AGP solo se calculan con un sensor de glucosa continuo, por eso no aparecen aquí.',
    cgm_too_little:
      `El sensor funcionó menos del 70${NBSP}% del periodo: el GMI, el GRI, el tiempo de sensor activo y el perfil AGP no se muestran porque no serían representativos.`,
  },
  agp: 'Perfil ambulatorio de glucosa (AGP)',
  agpLegend: 'Mediana, 25–75 % y 5–95 % de los valores según la hora',
  daily: 'Perfiles diarios',
  noGlucose: 'Ninguna glucosa en el periodo.',
  otherResults: 'Otros resultados (últimos valores)',
  advice: 'Puntos para hablar con su equipo médico',
  moreEvidence: (count) => `y ${count} más en la aplicación`,
  hba1c: 'HbA1c',
  lipids: 'Perfil lipídico',
  lipidNames: { total: 'Colesterol total', hdl: 'HDL', ldl: 'LDL', triglycerides: 'Triglicéridos' },
  bloodPressure: 'Tensión arterial',
  weight: 'Peso',
  none: 'sin valor',
  disclaimer: 'Este informe ayuda al seguimiento; no sustituye la opinión de su equipo médico.',
  colon: ':',
  csv: {
    dateLocal: 'Fecha (hora local)',
    dateUtc: 'Fecha (UTC)',
    kind: 'Tipo',
    value: 'Valor',
    unit: 'Unidad',
    userValue: 'Valor (unidad introducida)',
    userUnit: 'Unidad introducida',
    total: 'Colesterol total (mg/dL)',
    hdl: 'HDL (mg/dL)',
    ldl: 'LDL (mg/dL)',
    triglycerides: 'Triglicéridos (mg/dL)',
    systolic: 'Sistólica (mmHg)',
    diastolic: 'Diastólica (mmHg)',
    pulse: 'Pulso (lpm)',
    detail: 'Detalle',
    source: 'Origen',
    device: 'Dispositivo',
    note: 'Nota',
    kinds: { glucose: 'Glucosa', hba1c: 'HbA1c', lipids: 'Perfil lipídico', blood_pressure: 'Tensión', weight: 'Peso', event: 'Evento' },
  },
};

export const REPORT_TEXTS: Record<ReportLanguage, ReportTexts> = { fr, en, es };

export const REPORT_LOCALES: Record<ReportLanguage, string> = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES' };
const LOCALES = REPORT_LOCALES;

/** A number in the language's format, with non-breaking spaces the PDF fonts can encode. */
export function formatNumber(language: ReportLanguage, value: number, decimals: number): string {
  return new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    .format(value)
    .replace(/[\u202F\u2009]/g, NBSP);
}

/**
 * A text written for the screen, made printable in the PDF's WinAnsi fonts: thin and narrow
 * spaces become non-breaking ones, the minus sign a hyphen, ≤ and ≥ two characters. Every other
 * character of the three languages (accents, ñ, ¿, dashes, quotes) is in WinAnsi already.
 */
export function winAnsi(text: string): string {
  return text
    .replace(/[\u202F\u2009]/g, NBSP)
    .replace(/\u2212/g, '-')
    .replace(/\u2264/g, '<=')
    .replace(/\u2265/g, '>=');
}

/** "12 %" in French, "12%" in English. */
export function formatPercent(language: ReportLanguage, value: number, decimals = 0): string {
  return `${formatNumber(language, value, decimals)}${language === 'en' ? '' : NBSP}%`;
}

/** A local date (dd/mm/yyyy or the language's form) in the patient's zone. */
export function formatDate(language: ReportLanguage, epochMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(epochMs);
}
