import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rateAppointment } from '@glucosuivi/domain/appointments/appointments.contract';
import { RATING_COMMENT_MAX_LENGTH, type Appointment } from '@glucosuivi/domain/appointments/appointments.schemas';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { apiCall } from '@/lib/api-client';
import { useAppointmentMutation, useTimeZone } from './appointments-api';
import { dateTimeLabel } from './appointment-time';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Five stars as a native radio group: Tab reaches the group, the arrow keys choose, and each
 * choice is read as "4 étoiles sur 5".
 */
export function StarRating({ value, onChange, legend }: { value: number | null; onChange: (stars: number) => void; legend: string }) {
  const { t } = useTranslation('appointments');
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-1">
        {STARS.map((stars) => (
          <label
            key={stars}
            className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus"
          >
            <input type="radio" name={name} value={stars} checked={value === stars} onChange={() => onChange(stars)} className="sr-only" />
            <Star aria-hidden="true" className={`size-8 ${value !== null && stars <= value ? 'fill-amber-500 text-amber-700 dark:text-amber-300' : 'text-muted'}`} />
            <span className="sr-only">{t('rating.stars', { count: stars })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The patient's rating of a `done` appointment: given once, then editable for 7 days. */
export function RatingSection({ appointment, when }: { appointment: Appointment; when: string }) {
  const { t, i18n } = useTranslation('appointments');
  const language = i18n.resolvedLanguage ?? 'fr';
  const { timeZone } = useTimeZone();
  const rating = appointment.rating;
  const [open, setOpen] = useState(false);

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-line p-3" data-testid="rating">
      {rating ? (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{t('rating.yours')}</span>
            <span aria-hidden="true" className="flex">
              {STARS.map((s) => (
                <Star key={s} className={`size-5 ${s <= rating.stars ? 'fill-amber-500 text-amber-700 dark:text-amber-300' : 'text-muted'}`} />
              ))}
            </span>
            <span className="sr-only">{t('rating.stars', { count: rating.stars })}</span>
          </p>
          {rating.comment ? <p className="whitespace-pre-line wrap-anywhere">{rating.comment}</p> : null}
          {appointment.can.rate ? <p className="text-sm text-muted">{t('rating.editableUntil', { date: dateTimeLabel(rating.editableUntil, language, timeZone) })}</p> : null}
        </>
      ) : (
        <p>{t('rating.invite')}</p>
      )}
      {appointment.can.rate ? (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title={t(rating ? 'rating.editTitle' : 'rating.title')}
          description={t('rating.privacy')}
          closeLabel={t('close')}
          trigger={
            <Button variant={rating ? 'secondary' : 'primary'} className="self-start">
              <Star aria-hidden="true" className="size-4" />
              {t(rating ? 'rating.edit' : 'rating.rate')}
              <span className="sr-only"> : {when}</span>
            </Button>
          }
        >
          <RatingForm appointment={appointment} onDone={() => setOpen(false)} />
        </Dialog>
      ) : null}
    </div>
  );
}

function RatingForm({ appointment, onDone }: { appointment: Appointment; onDone: () => void }) {
  const { t } = useTranslation('appointments');
  const [stars, setStars] = useState<number | null>(appointment.rating?.stars ?? null);
  const [comment, setComment] = useState(appointment.rating?.comment ?? '');
  const [missing, setMissing] = useState(false);
  const commentId = useId();
  const save = useAppointmentMutation(
    t,
    (body: { stars: number; comment?: string }) => apiCall(rateAppointment, { params: { id: appointment.id }, body }),
    t('toasts.rated'),
    onDone,
  );
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (stars === null) {
          setMissing(true);
          return;
        }
        const text = comment.trim();
        save.mutate({ stars, ...(text ? { comment: text } : {}) });
      }}
    >
      <StarRating
        legend={t('rating.legend')}
        value={stars}
        onChange={(s) => {
          setStars(s);
          setMissing(false);
        }}
      />
      {missing ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {t('rating.required')}
        </p>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={commentId} className="font-medium">
          {t('rating.comment')}
        </label>
        <textarea
          id={commentId}
          value={comment}
          maxLength={RATING_COMMENT_MAX_LENGTH}
          rows={4}
          onChange={(e) => setComment(e.target.value)}
          className="w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-fg"
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('cancelButton')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('rating.save')}
        </Button>
      </div>
    </form>
  );
}
