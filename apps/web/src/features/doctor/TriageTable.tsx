import { CircleAlert, TriangleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TriageList, TriageRow } from '@glucosuivi/domain/doctor/doctor.schemas';
import {
  formatMonth,
  formatNumber,
  formatShortDateTime,
} from '@/components/charts/glucose-display';
import { useGlucoseSettings } from '@/lib/queries/patient-data';
import { HintBadge } from './HintBadge';
import { NotShared } from './NotShared';
import { adviceBadges, patientName, sharedValue } from './triage-view';

// The glucose columns first and together: a patient who does not share glucose has one cell
// saying so across them, instead of six cells saying it six times.
const GLUCOSE_COLUMNS = ['lastReading', 'inRange', 'belowRange', 'gmi', 'cv', 'data'] as const;
const COLUMNS = [...GLUCOSE_COLUMNS, 'alerts', 'hba1c', 'advice'] as const;
type Column = (typeof COLUMNS)[number];
const isGlucoseColumn = (c: Column) => (GLUCOSE_COLUMNS as readonly Column[]).includes(c);

/** Advice badges a table row holds before the rest are counted in one more (the row keeps to one line). */
const BADGES_PER_ROW = 2;

// One line per patient from 1280 px (xl): every value keeps to its line and the row to the height
// of its link's 44 px target. Between lg and xl the cells may wrap rather than scroll sideways.
const cell = 'px-1.5 py-0 align-middle xl:whitespace-nowrap';
/** Figures never break inside; the longer values (dates, counts with words, badges) may below xl. */
const WRAPPING: readonly Column[] = ['lastReading', 'alerts', 'hba1c', 'advice'];
const cellOf = (c: Column) => (WRAPPING.includes(c) ? cell : `${cell} whitespace-nowrap`);
const headerCell = 'px-1.5 py-1.5 align-bottom text-xs font-semibold xl:whitespace-nowrap';
/** Columns whose name is shortened on screen; a screen reader still hears the full name. */
const SHORT_HEADERS: readonly Column[] = ['alerts', 'hba1c'];
const emphasis = 'font-semibold text-red-700 dark:text-red-300';

/**
 * A desk's screen gets a table (real rows and column headers for a screen reader), one line per
 * patient; below the `lg` breakpoint the same rows become cards, each value under its column's
 * name, with the advice in full words. Only one of the two is displayed at a time.
 */
export function TriageTable({ list }: { list: TriageList }) {
  const { t } = useTranslation('doctor');
  const captionId = useId();
  const { timeZone } = useGlucoseSettings();
  return (
    <>
      {/* A scrolling box only for what cannot fit (very large text): at 1280 px the table fits. */}
      <div
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        className="relative hidden overflow-x-auto rounded-2xl border border-line bg-canvas focus-visible:outline-3 focus-visible:outline-focus lg:block"
        data-testid="triage-table-box"
      >
        <table
          className="relative w-full border-collapse text-left text-sm"
          data-testid="triage-table"
        >
          <caption id={captionId} className="sr-only">
            {t('triage.caption', { days: list.period.days })}
          </caption>
          <thead className="bg-surface">
            <tr>
              <th scope="col" className={headerCell}>
                {t('triage.columns.patient')}
              </th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className={headerCell}>
                  {SHORT_HEADERS.includes(c) ? (
                    <>
                      <span aria-hidden="true">{t(`triage.columnsShort.${c}`)}</span>
                      <span className="sr-only">{t(`triage.columns.${c}`)}</span>
                    </>
                  ) : (
                    t(`triage.columns.${c}`)
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.items.map((row) => (
              <Row key={row.patientId} row={row} timeZone={timeZone} />
            ))}
          </tbody>
        </table>
      </div>
      <ul
        aria-label={t('triage.caption', { days: list.period.days })}
        className="flex flex-col gap-3 lg:hidden"
        data-testid="triage-cards"
      >
        {list.items.map((row) => (
          <Card key={row.patientId} row={row} timeZone={timeZone} />
        ))}
      </ul>
    </>
  );
}

/** The values of one patient's row, by column: one rendering for the table and the cards. */
function useRowValues(row: TriageRow, timeZone: string) {
  const { t, i18n } = useTranslation('doctor');
  const language = i18n.resolvedLanguage ?? 'fr';
  const glucose = sharedValue(row.glucose);
  const alerts = sharedValue(row.alerts);
  // undefined: not shared; null: shared but never measured.
  const hba1c = row.hba1c && 'notShared' in row.hba1c ? undefined : row.hba1c;
  const urgent = (alerts?.urgent ?? 0) > 0;
  // A no-break space: a figure and its sign never part at a line's end.
  const pct = (x: number | null | undefined) =>
    x === null || x === undefined ? '—' : `${formatNumber(x, language, 1)}\u00a0%`;
  const glucoseCell = (content: string) => (glucose ? content : <NotShared />);
  const sufficiency = glucose
    ? {
        word: t(glucose.sufficient ? 'triage.sufficient' : 'triage.insufficient'),
        hint: t('triage.sufficiencyHint', {
          days: glucose.daysWithData,
          active: formatNumber(glucose.activePercent, language, 0),
        }),
      }
    : null;
  const values: Record<Column, ReactNode> = {
    lastReading: glucose ? (
      glucose.lastReadingAt ? (
        <time dateTime={glucose.lastReadingAt}>
          {formatShortDateTime(glucose.lastReadingAt, language, timeZone)}
        </time>
      ) : (
        t('triage.noReading')
      )
    ) : (
      <NotShared />
    ),
    inRange: glucoseCell(pct(glucose?.inRange)),
    belowRange: glucoseCell(pct(glucose?.belowRange)),
    gmi: glucoseCell(glucose?.gmi === null || glucose?.gmi === undefined ? '—' : pct(glucose.gmi)),
    cv: glucoseCell(pct(glucose?.cv)),
    alerts: alerts ? (
      <span className={urgent ? emphasis : ''}>
        {formatNumber(alerts.open, language)}
        {urgent ? ` · ${t('triage.urgent', { count: alerts.urgent })}` : ''}
      </span>
    ) : (
      <NotShared />
    ),
    hba1c:
      hba1c === undefined ? (
        <NotShared />
      ) : hba1c === null ? (
        t('triage.noHba1c')
      ) : (
        <>
          {pct(hba1c.percent)}{' '}
          <span className="text-xs text-muted">
            ·{' '}
            <time dateTime={hba1c.measuredAt}>
              {formatMonth(hba1c.measuredAt, language, timeZone)}
            </time>
          </span>
        </>
      ),
    data: sufficiency ? (
      <HintBadge
        short={sufficiency.word}
        full={`${sufficiency.word} : ${sufficiency.hint}`}
        tone={glucose?.sufficient ? 'neutral' : 'attention'}
        testId="data-badge"
      />
    ) : (
      <NotShared />
    ),
    advice: <AdviceBadges advice={row.advice} />,
  };
  const belowRangeHigh = Boolean(glucose && (glucose.belowRange ?? 0) > 4);
  return { values, urgent, belowRangeHigh, sufficiency, glucose };
}

/** The row's advice: a short badge per finding to act on or watch, the full words on focus and hover. */
function AdviceBadges({ advice }: { advice: TriageRow['advice'] }) {
  const { t } = useTranslation('doctor');
  if (!advice) return <span className="text-muted">{t('triage.advicePending')}</span>;
  const { shown, more } = adviceBadges(advice.findings, BADGES_PER_ROW);
  if (shown.length === 0 && more.length === 0) return <>{t('triage.adviceNone')}</>;
  const full = ({ kind, severity }: (typeof shown)[number]) =>
    `${severity === 'urgent' ? `${t('triage.adviceUrgent')} ` : ''}${t(`triage.adviceKinds.${kind}`)}`;
  return (
    <ul className="flex flex-wrap gap-1 xl:flex-nowrap" aria-label={t('triage.columns.advice')}>
      {shown.map((finding) => (
        <li key={finding.kind} data-advice-kind={finding.kind}>
          <HintBadge
            short={t(`triage.adviceShort.${finding.kind}`)}
            full={full(finding)}
            tone={finding.severity === 'urgent' ? 'urgent' : 'attention'}
            icon={
              finding.severity === 'urgent' ? (
                <TriangleAlert aria-hidden="true" className="size-3.5 shrink-0" />
              ) : undefined
            }
          />
        </li>
      ))}
      {more.length > 0 ? (
        <li data-advice-more={more.length}>
          <HintBadge
            short={t('triage.adviceMore', { count: more.length })}
            full={more.map(full).join(' ; ')}
            tone="neutral"
          />
        </li>
      ) : null}
    </ul>
  );
}

/** The advice in words, for a card: a phone has the height a desk's row has not. */
function AdviceWords({ advice }: { advice: TriageRow['advice'] }) {
  const { t } = useTranslation('doctor');
  if (!advice) return <span className="text-muted">{t('triage.advicePending')}</span>;
  const shown = advice.findings.filter((finding) => finding.severity !== 'info');
  if (shown.length === 0) return <>{t('triage.adviceNone')}</>;
  return (
    <ul className="flex flex-col gap-0.5">
      {shown.map(({ kind, severity }) => (
        <li
          key={kind}
          className={severity === 'urgent' ? emphasis : undefined}
          data-advice-kind={kind}
        >
          {severity === 'urgent' ? `${t('triage.adviceUrgent')} ` : ''}
          {t(`triage.adviceKinds.${kind}`)}
        </li>
      ))}
    </ul>
  );
}

function PatientLink({ row, urgent }: { row: TriageRow; urgent: boolean }) {
  const name = patientName(row);
  return (
    <Link
      to={`/doctor/patients/${encodeURIComponent(row.patientId)}`}
      className="inline-flex min-h-11 max-w-56 items-center gap-1 underline underline-offset-2"
      title={name}
    >
      {urgent ? (
        <CircleAlert
          aria-hidden="true"
          className="size-4 shrink-0 text-red-700 dark:text-red-300"
        />
      ) : null}
      <span className="truncate">{name}</span>
    </Link>
  );
}

function Row({ row, timeZone }: { row: TriageRow; timeZone: string }) {
  const { t } = useTranslation('doctor');
  const { values, urgent, belowRangeHigh, glucose } = useRowValues(row, timeZone);
  const glucoseShared = glucose !== null;
  return (
    <tr className="border-t border-line" data-testid="triage-row" data-patient-id={row.patientId}>
      <th scope="row" className={`${cell} font-medium`}>
        <PatientLink row={row} urgent={urgent} />
      </th>
      {glucoseShared ? null : (
        <td colSpan={GLUCOSE_COLUMNS.length} className={cell}>
          <NotShared what={t('triage.glucoseNotShared')} />
        </td>
      )}
      {COLUMNS.filter((c) => glucoseShared || !isGlucoseColumn(c)).map((c) => (
        <td
          key={c}
          className={`${cellOf(c)} ${c === 'belowRange' && belowRangeHigh ? emphasis : ''}`}
        >
          {values[c]}
        </td>
      ))}
    </tr>
  );
}

function Card({ row, timeZone }: { row: TriageRow; timeZone: string }) {
  const { t } = useTranslation('doctor');
  const { values, urgent, belowRangeHigh, sufficiency, glucose } = useRowValues(row, timeZone);
  const cardValues: Record<Column, ReactNode> = {
    ...values,
    // Room for the words: the sufficiency's explanation and the advice in full.
    data: sufficiency ? (
      <>
        <span
          className={glucose?.sufficient ? '' : 'font-semibold text-amber-800 dark:text-amber-200'}
        >
          {sufficiency.word}
        </span>
        <span className="block text-xs text-muted">{sufficiency.hint}</span>
      </>
    ) : (
      values.data
    ),
    advice: <AdviceWords advice={row.advice} />,
  };
  return (
    <li
      className="rounded-xl border border-line bg-canvas p-3"
      data-testid="triage-card"
      data-patient-id={row.patientId}
    >
      <p className="font-medium">
        <PatientLink row={row} urgent={urgent} />
      </p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        {COLUMNS.map((c) => (
          <div
            key={c}
            className={
              c === 'data' || c === 'lastReading' || c === 'advice' ? 'col-span-2' : undefined
            }
          >
            <dt className="text-xs text-muted">{t(`triage.columns.${c}`)}</dt>
            <dd className={c === 'belowRange' && belowRangeHigh ? emphasis : undefined}>
              {cardValues[c]}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
