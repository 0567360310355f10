import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { inputClasses } from '@/components/ui/TextField';
import { reasonProblem } from './AdminError';

interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog; focus returns to it on close. */
  trigger: ReactNode;
  title: string;
  description: string;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal, already translated. */
  serverError: string | null;
  onSubmit: (reason: string) => void;
}

/** Asks an administrator why (locking an account, refusing a licence): 3 to 500 characters, checked before sending. */
export function ReasonDialog({ open, onOpenChange, trigger, title, description, ...form }: ReasonDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} title={title} description={description} closeLabel={t('close')}>
      {/* Mounted only while open: every opening starts from an empty reason. */}
      <ReasonForm {...form} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ReasonForm({ submitLabel, pending, serverError, onSubmit, onCancel }: Pick<ReasonDialogProps, 'submitLabel' | 'pending' | 'serverError' | 'onSubmit'> & { onCancel: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = reasonProblem(reason);
    setProblem(found);
    if (!found) onSubmit(reason.trim());
  };
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="font-medium">
          {t('reason.label')}
        </label>
        <p id={hintId} className="text-sm text-muted">
          {t('reason.hint')}
        </p>
        <textarea
          id={id}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={4}
          maxLength={600}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          className={`${inputClasses} py-2`}
        />
        {problem ? (
          <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
            {t(`errors.${problem}`)}
          </p>
        ) : null}
      </div>
      {serverError ? <p role="alert">{serverError}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('saving') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
