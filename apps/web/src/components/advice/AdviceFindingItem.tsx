import { Check, CircleAlert, Info, LifeBuoy, Moon, ThumbsDown, ThumbsUp, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdviceFinding, AdviceSeverity, AdviceVote } from '@glucosuivi/domain/advice/advice.schemas';
import { ADVICE_REFERENCE_LABELS, type RenderedFinding } from '@glucosuivi/domain/advice/advice.texts';
import type { Language } from '@/lib/i18n';

/** Severity is said in words and drawn with its own icon; the colour only repeats it. */
const SEVERITY_LOOK: Record<AdviceSeverity, { Icon: LucideIcon; className: string }> = {
  urgent: { Icon: CircleAlert, className: 'border-red-700 text-red-800 dark:border-red-300 dark:text-red-200' },
  attention: { Icon: TriangleAlert, className: 'border-amber-700 text-amber-900 dark:border-amber-300 dark:text-amber-200' },
  info: { Icon: Info, className: 'border-line text-fg' },
};

const toggleClasses = (pressed: boolean) =>
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg border px-4 py-2 text-sm font-semibold transition-colors ' +
  (pressed ? 'border-primary bg-primary text-on-primary hover:bg-primary-strong' : 'border-line bg-surface text-fg hover:bg-surface-strong');

export interface FindingVoting {
  vote: AdviceVote | undefined;
  onVote: (vote: AdviceVote) => void;
}

export interface FindingNights {
  shown: boolean;
  onToggle: () => void;
}

/**
 * One finding as the patient reads it: what was seen, the facts behind it, what to talk about
 * with the care team, and the safety lines first when a low calls for them.
 */
export function AdviceFindingItem({
  finding,
  text,
  language,
  voting,
  nights,
}: {
  finding: AdviceFinding;
  text: RenderedFinding;
  language: Language;
  /** The patient's "Utile" / "Pas utile"; absent when a professional reads. */
  voting?: FindingVoting;
  /** Night hypos only: show their nights on the dashboard's chart. */
  nights?: FindingNights;
}) {
  const { t } = useTranslation('advice');
  const id = `advice-${finding.kind}`;
  const { Icon, className } = SEVERITY_LOOK[finding.severity];
  return (
    <article aria-labelledby={`${id}-title`} className="flex flex-col gap-2" data-testid="advice-finding" data-kind={finding.kind} data-severity={finding.severity}>
      <p className={`inline-flex w-fit items-center gap-1.5 rounded-full border-2 px-2.5 py-0.5 text-sm font-semibold ${className}`}>
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {t(`severity.${finding.severity}`)}
      </p>
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {text.title}
      </h3>
      <p>{text.body}</p>
      {text.safety.length > 0 ? (
        <div className="flex gap-3 rounded-xl border-2 border-red-700 bg-surface p-3 dark:border-red-300" data-testid="advice-safety">
          <LifeBuoy aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300" />
          <div>
            <h4 className="font-semibold">{t('safety')}</h4>
            {text.safety.map((line) => (
              <p key={line} className="font-semibold">
                {line}
              </p>
            ))}
          </div>
        </div>
      ) : null}
      <h4 className="font-semibold">{t('evidence')}</h4>
      <Evidence id={id} lines={text.evidence} />
      <h4 className="font-semibold">{t('discuss')}</h4>
      <p>{text.discuss}</p>
      <p className="text-xs text-muted">{t('reference', { reference: ADVICE_REFERENCE_LABELS[language][finding.reference] })}</p>
      {nights || voting ? (
        <div className="flex flex-wrap items-center gap-2">
          {nights ? (
            <button type="button" aria-pressed={nights.shown} onClick={nights.onToggle} className={toggleClasses(nights.shown)}>
              <Moon aria-hidden="true" className="size-4" />
              {t('nights.show')}
            </button>
          ) : null}
          {voting ? <VoteButtons id={id} voting={voting} /> : null}
        </div>
      ) : null}
    </article>
  );
}

/** Beyond this many lines (a month of post-meal highs can be 20), the rest waits behind a button. */
const EVIDENCE_SHOWN = 5;

function Evidence({ id, lines }: { id: string; lines: readonly string[] }) {
  const { t } = useTranslation('advice');
  const [open, setOpen] = useState(false);
  const folded = lines.length > EVIDENCE_SHOWN + 1 && !open;
  const shown = folded ? lines.slice(0, EVIDENCE_SHOWN) : lines;
  return (
    <>
      <ul id={`${id}-evidence`} className="list-disc pl-6" data-testid="advice-evidence">
        {shown.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {lines.length > EVIDENCE_SHOWN + 1 ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-evidence`}
          onClick={() => setOpen((value) => !value)}
          className="min-h-11 w-fit rounded-lg px-2 text-left text-sm font-semibold text-primary underline underline-offset-2"
        >
          {open ? t('evidenceLess') : t('evidenceMore', { count: lines.length - EVIDENCE_SHOWN })}
        </button>
      ) : null}
    </>
  );
}

function VoteButtons({ id, voting }: { id: string; voting: FindingVoting }) {
  const { t } = useTranslation('advice');
  const options: ReadonlyArray<{ vote: AdviceVote; label: string; Icon: LucideIcon }> = [
    { vote: 'useful', label: t('vote.useful'), Icon: ThumbsUp },
    { vote: 'not_useful', label: t('vote.notUseful'), Icon: ThumbsDown },
  ];
  return (
    <div role="group" aria-labelledby={`${id}-vote`} className="flex flex-wrap items-center gap-2">
      <span id={`${id}-vote`} className="text-sm text-muted">
        {t('vote.question')}
      </span>
      {options.map(({ vote, label, Icon }) => {
        const pressed = voting.vote === vote;
        return (
          <button
            key={vote}
            type="button"
            aria-pressed={pressed}
            aria-describedby={`${id}-title`}
            // The last vote per kind counts: pressing the current one again changes nothing.
            onClick={() => (pressed ? undefined : voting.onVote(vote))}
            className={toggleClasses(pressed)}
          >
            {pressed ? <Check aria-hidden="true" className="size-4" /> : <Icon aria-hidden="true" className="size-4" />}
            {label}
          </button>
        );
      })}
    </div>
  );
}
