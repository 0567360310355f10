import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GLUCOSE_CHART_ID, type ChartHighlight } from '@/components/glucose-dashboard/ChartsSection';
import type { PeriodDays } from '@/components/glucose-dashboard/dashboard-view';
import type { AdviceResponse } from '@glucosuivi/domain/advice/advice.schemas';
import type { FindingNights } from './AdviceFindingItem';
import { nightHypoFinding, nightWindows, type AdvicePeriod } from './advice-view';

function focusChart(): boolean {
  const chart = document.getElementById(GLUCOSE_CHART_ID);
  chart?.focus();
  return chart !== null;
}

/**
 * "Voir ces nuits sur la courbe" on a glucose dashboard (the patient's, a professional's patient
 * page): shades the nights of the night-hypo finding on the glucose chart — widening a chart
 * shorter than the advice period first — then moves the focus to the chart, whose text
 * alternative counts them. Pressing it again, "Effacer", or another period picked by hand clears it.
 */
export function useChartNights({
  advice,
  period,
  days,
  setDays,
  chartReady,
}: {
  advice: AdviceResponse | undefined;
  period: AdvicePeriod;
  days: PeriodDays;
  setDays: (days: PeriodDays) => void;
  /** The chart of the current period is on the page (its readings loaded). */
  chartReady: boolean;
}) {
  const { t } = useTranslation('advice');
  const [shown, setShown] = useState(false);
  const [focusPending, setFocusPending] = useState(false);
  const finding = advice ? nightHypoFinding(advice.findings) : null;
  const windows = useMemo(() => (finding ? nightWindows(finding) : []), [finding]);

  // The chart may still be loading the wider period: focus it once it is on the page.
  useEffect(() => {
    if (focusPending && chartReady && focusChart()) setFocusPending(false);
  }, [focusPending, chartReady]);

  const changePeriod = useCallback(
    (next: PeriodDays) => {
      setShown(false);
      setDays(next);
    },
    [setDays],
  );
  const clear = useCallback(() => {
    setShown(false);
    // The "Effacer" button goes away with the shading: the focus stays on the chart.
    focusChart();
  }, []);
  const nights: FindingNights = {
    shown,
    onToggle: () => {
      if (shown) {
        setShown(false);
        return;
      }
      if (days < period) setDays(period);
      setShown(true);
      setFocusPending(true);
    },
  };
  const chartHighlight: ChartHighlight | null =
    shown && windows.length > 0
      ? { windows, description: t('nights.highlighted', { count: windows.length }), clearLabel: t('nights.clear'), onClear: clear }
      : null;

  return { nights, chartHighlight, changePeriod };
}
