/**
 * Grid search of the forecast's parameters (issue 36). Tuned ONLY on the demo generator with
 * seeds 9001–9004 (one per profile, 180 days each), never on the sample exports nor on the seeds
 * the evaluation test reports (1–2 per profile): run `npx tsx bench/forecast-tuning.ts`.
 */
import { CGM_PROFILES } from '@glucosuivi/domain/demo/cgm-generator';
import { DEFAULT_ALERT_SETTINGS } from '@glucosuivi/domain/alerts/alert-settings.schemas';
import { demoSeries } from '@glucosuivi/domain/alerts/evaluation-series';
import { evaluateSeries, summarise } from '@glucosuivi/domain/alerts/forecast-evaluation';
import { DEFAULT_FORECAST_MODEL } from '@glucosuivi/domain/alerts/glucose-forecast';

const tuning = CGM_PROFILES.map((profile, i) => demoSeries(profile, 9001 + i, 180));
const results: string[] = [];
for (const fitMinutes of [10, 15, 20]) {
  for (const damping of [0.9, 0.94, 0.96, 0.98, 1]) {
    for (const confirmReadings of [1, 2]) {
      const rules = { model: { ...DEFAULT_FORECAST_MODEL, fitMinutes, damping }, confirmReadings };
      const s = summarise(tuning.map((series) => evaluateSeries(series, DEFAULT_ALERT_SETTINGS, rules)));
      results.push(
        `fit ${fitMinutes} damping ${damping} confirm ${confirmReadings}: alerted ${(100 * s.alertedShare).toFixed(1)} % of ${s.forecastable}, median lead ${s.medianLeadMinutes} min, false ${s.falseAlertsPerDay.toFixed(2)}/day`,
      );
    }
  }
}
console.log(results.join('\n'));
