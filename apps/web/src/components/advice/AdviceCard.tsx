import { ChevronDown, Lock, ShieldCheck } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdviceFinding, AdviceResponse } from '@glucosuivi/domain/advice/advice.schemas';
import { renderFinding } from '@glucosuivi/domain/advice/advice.texts';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { Card } from '@/components/glucose-dashboard/Card';
import { UpgradeLink } from '@/components/subscription/UpgradeLink';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorMessage } from '@/lib/errors';
import { DEFAULT_LANGUAGE, isLanguage } from '@/lib/i18n';
import { AdviceFindingItem, type FindingNights } from './AdviceFindingItem';
import { TOP_FINDINGS, type AdvicePeriod } from './advice-view';
import { useVoteAdvice } from './use-advice';

export interface AdviceAnswer {
  data?: AdviceResponse;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

export interface AdviceCardProps {
  advice: AdviceAnswer;
  days: AdvicePeriod;
  /** The reader's glucose unit: the findings' numbers are worded in it. */
  unit: GlucoseUnit;
  /** The patient votes on their own findings; a professional reads them. */
  reader: 'patient' | 'professional';
  /** Said above the findings, e.g. that the patient does not share their glucose. */
  notice?: ReactNode;
  /** The dashboard's chart can show the nights of a night-hypo finding. */
  nights?: FindingNights;
}

/**
 * "Conseils personnalisés": the findings of the rules engine (deterministic, each with its
 * evidence and its reference), most pressing first, the top three then the rest on demand.
 */
export function AdviceCard({ advice, days, unit, reader, notice, nights }: AdviceCardProps) {
  const { t } = useTranslation('advice');
  return (
    <Card id="advice" title={t('title')}>
      <div className="flex flex-col gap-3" data-testid="advice-card">
        <p className="text-sm text-muted">
          {t('period', { count: days })} · {reader === 'patient' ? t('intro') : t('professionalIntro')}
        </p>
        {notice}
        {advice.isPending ? (
          <>
            <p className="sr-only" role="status">
              {t('loading')}
            </p>
            <Skeleton className="h-32" />
          </>
        ) : advice.isError || !advice.data ? (
          <p role="alert">{errorMessage(advice.error, t)}</p>
        ) : (
          <>
            <Findings advice={advice.data} days={days} unit={unit} reader={reader} nights={nights} />
            {reader === 'patient' && advice.data.lockedPremium > 0 ? <LockedPremium count={advice.data.lockedPremium} /> : null}
          </>
        )}
      </div>
    </Card>
  );
}

function Findings({ advice, days, unit, reader, nights }: { advice: AdviceResponse; days: AdvicePeriod; unit: GlucoseUnit; reader: AdviceCardProps['reader']; nights?: FindingNights }) {
  const { t, i18n } = useTranslation('advice');
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const [expanded, setExpanded] = useState(false);
  const vote = useVoteAdvice();
  // Premium findings (meal-by-meal patterns) reach a patient only with "advanced advice" in their
  // plan: the server holds the others back and counts them (LockedPremium below).
  const items = useMemo(() => advice.findings.map((finding) => ({ finding, text: renderFinding(finding, language, unit) })), [advice.findings, language, unit]);

  if (items.length === 0) {
    return (
      <p className="flex items-center gap-2" data-testid="advice-none">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {t('none', { count: days })}
      </p>
    );
  }
  const renderItem = ({ finding, text }: (typeof items)[number]) => (
    <li key={finding.kind} className="rounded-xl border border-line p-3 sm:p-4">
      <AdviceFindingItem
        finding={finding}
        text={text}
        language={language}
        voting={reader === 'patient' ? { vote: advice.votes[finding.kind], onVote: (v) => vote.mutate({ kind: finding.kind, vote: v }) } : undefined}
        nights={nightsOf(finding, nights)}
      />
    </li>
  );
  const rest = items.slice(TOP_FINDINGS);
  return (
    <>
      <ul className="flex flex-col gap-3">{items.slice(0, TOP_FINDINGS).map(renderItem)}</ul>
      {rest.length > 0 ? (
        <>
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls="advice-more"
            onClick={() => setExpanded((open) => !open)}
            className="inline-flex min-h-11 w-fit items-center gap-2 rounded-lg px-3 text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${expanded ? 'rotate-180' : ''}`} />
            {expanded ? t('showFewer') : t('showAll', { count: items.length })}
          </button>
          <ul id="advice-more" className="flex flex-col gap-3" hidden={!expanded}>
            {rest.map(renderItem)}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** "N conseils avancés réservés à Premium": what the patient's plan holds back, and the way to it. */
function LockedPremium({ count }: { count: number }) {
  const { t } = useTranslation('subscription');
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border border-dashed border-line-strong p-3" data-testid="advice-locked">
      <Lock aria-hidden="true" className="size-4 shrink-0 text-muted" />
      <p className="font-semibold">{t('lockedAdvice', { count })}</p>
      <p className="w-full text-sm text-muted">{t('lockedAdviceText')}</p>
      <UpgradeLink />
    </div>
  );
}

/** Only a night-hypo finding has nights to show, and only where a chart can show them. */
function nightsOf(finding: AdviceFinding, nights: FindingNights | undefined): FindingNights | undefined {
  return finding.kind === 'night_hypo' ? nights : undefined;
}
