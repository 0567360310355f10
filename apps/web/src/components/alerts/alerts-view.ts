import { isUrgentAlertKind } from '@glucosuivi/domain/alerts/alerts.rules';
import type { Alert } from '@glucosuivi/domain/alerts/alerts.schemas';
import { SINGLE_READING_THRESHOLDS } from '@glucosuivi/domain/glucose/episodes';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import type { TFunction } from 'i18next';
import { formatDateTime, formatGlucoseValue } from '@/components/charts/glucose-display';

export const alertsQueryKey = ['alerts'] as const;
export const openCountQueryKey = [...alertsQueryKey, 'open-count'] as const;

/** The alert in words, in the reader's language and glucose unit (the API stores no text). */
export function alertText(alert: Alert, t: TFunction, unit: GlucoseUnit, language: string, timeZone: string): string {
  const time = formatDateTime(alert.occurredAt, language, timeZone);
  const value =
    alert.glucoseMgdl !== null
      ? `${formatGlucoseValue(alert.glucoseMgdl, unit, language)} ${unit}`
      : alert.systolic !== null && alert.diastolic !== null
        ? `${alert.systolic}/${alert.diastolic} mmHg`
        : '';
  // Each origin has its own sentence: a reading, an episode, a forecast at a reading, a silence.
  const origin = alert.origin === 'cgm_episode' ? 'episode' : alert.origin;
  // The threshold in the reader's unit too ("moins de 3,9 mmol/L"), formatted like the value.
  const limit = alert.kind in SINGLE_READING_THRESHOLDS ? SINGLE_READING_THRESHOLDS[alert.kind as keyof typeof SINGLE_READING_THRESHOLDS] : null;
  const threshold = limit === null ? '' : `${formatGlucoseValue(limit, unit, language)} ${unit}`;
  return t(`alerts:kinds.${alert.kind}.${origin}`, { value, time, threshold });
}

/** True for the alerts whose text must carry the emergency numbers. */
export function isUrgent(alert: Pick<Alert, 'kind'>): boolean {
  return isUrgentAlertKind(alert.kind);
}
