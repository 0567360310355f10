import { Check, Clock, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SNOOZE_MINUTES } from '@glucosuivi/domain/reminders/reminders.schemas';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { useOccurrenceAction } from './use-occurrence-action';

interface OccurrenceActionsProps {
  occurrenceId: string;
  /** The reminder's label: screen readers hear which reminder each button acts on. */
  label: string;
  /** "Ignorer" too (the timeline); the notification centre offers "Fait" and "Reporter" only. */
  withSkip?: boolean;
}

/**
 * The actions on a due occurrence. "Reporter" opens its three lengths in place (no pop-up to
 * lose on a phone); Escape closes them and gives the focus back to "Reporter".
 */
export function OccurrenceActions({ occurrenceId, label, withSkip = false }: OccurrenceActionsProps) {
  const { t } = useTranslation('reminders');
  const act = useOccurrenceAction();
  const [snoozing, setSnoozing] = useState(false);
  const snoozeButton = useRef<HTMLButtonElement>(null);
  const firstLength = useRef<HTMLButtonElement>(null);
  const groupId = useId();
  useEffect(() => {
    if (snoozing) firstLength.current?.focus();
  }, [snoozing]);
  const context = <span className="sr-only"> : {label}</span>;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button disabled={act.isPending} onClick={() => act.mutate({ occurrenceId, action: { type: 'done' } })}>
        <Check aria-hidden="true" className="size-4" />
        {t('actions.done')}
        {context}
      </Button>
      <button
        ref={snoozeButton}
        type="button"
        className={buttonClasses('secondary')}
        aria-expanded={snoozing}
        aria-controls={groupId}
        disabled={act.isPending}
        onClick={() => setSnoozing((open) => !open)}
      >
        <Clock aria-hidden="true" className="size-4" />
        {t('actions.snooze')}
        {context}
      </button>
      {withSkip ? (
        <Button variant="ghost" disabled={act.isPending} onClick={() => act.mutate({ occurrenceId, action: { type: 'skip' } })}>
          <X aria-hidden="true" className="size-4" />
          {t('actions.skip')}
          {context}
        </Button>
      ) : null}
      {snoozing ? (
        <div
          id={groupId}
          role="group"
          aria-label={t('actions.snoozeFor', { label })}
          className="flex w-full flex-wrap gap-2 sm:w-auto"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            setSnoozing(false);
            snoozeButton.current?.focus();
          }}
        >
          {SNOOZE_MINUTES.map((minutes, index) => (
            <button
              key={minutes}
              ref={index === 0 ? firstLength : undefined}
              type="button"
              className={buttonClasses('secondary')}
              disabled={act.isPending}
              onClick={() => {
                setSnoozing(false);
                act.mutate({ occurrenceId, action: { type: 'snooze', minutes } });
              }}
            >
              {t('actions.minutes', { count: minutes })}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
