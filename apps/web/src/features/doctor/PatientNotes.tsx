import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createNote, deleteNote, listNotes, updateNote } from '@glucosuivi/domain/doctor/doctor.contract';
import { consultationNoteInputSchema, type ConsultationNote } from '@glucosuivi/domain/doctor/doctor.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { professionalKeys } from '@/lib/queries/query-keys';

const NOTE_MAX = consultationNoteInputSchema.shape.body.maxLength ?? 10_000;
const textareaClasses =
  'min-h-28 w-full rounded-lg border border-line-strong bg-surface p-3 text-base text-fg aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300';

/** The error key of a note's text, checked with the shared schema (null when it may be sent). */
export function noteError(body: string): 'required' | 'tooLong' | null {
  const parsed = consultationNoteInputSchema.safeParse({ body });
  if (parsed.success) return null;
  return body.trim().length === 0 ? 'required' : 'tooLong';
}

/** The professional's private consultation notes about this patient. */
export function PatientNotes({ patientId, timeZone }: { patientId: string; timeZone: string }) {
  const { t } = useTranslation('doctor');
  const id = useId();
  const queryClient = useQueryClient();
  const key = [...professionalKeys.patient(patientId), 'notes'];
  const notes = useQuery({ queryKey: key, queryFn: ({ signal }) => apiCall(listNotes, { params: { patientId }, signal }) });
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: (body: string) => apiCall(createNote, { params: { patientId }, body: { body } }),
    onSuccess: () => {
      setDraft('');
      void refresh();
      toast.success(t('notes.created'));
    },
    onError: (e) => toast.error(errorMessage(e, t)),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = noteError(draft);
    if (problem) {
      setError(problem);
      document.getElementById(`${id}-new`)?.focus();
      return;
    }
    setError(null);
    create.mutate(draft.trim());
  };

  return (
    <section aria-labelledby="patient-notes-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id="patient-notes-title" className="text-xl font-semibold">
        {t('notes.title')}
      </h2>
      <p className="text-sm text-muted">{t('notes.private')}</p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <label htmlFor={`${id}-new`} className="font-medium">
          {t('notes.new')}
        </label>
        <textarea
          id={`${id}-new`}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          maxLength={NOTE_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-new-error` : undefined}
          className={textareaClasses}
        />
        {error ? (
          <p id={`${id}-new-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {t(`notes.${error}`)}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={create.isPending}>
            {t('notes.add')}
          </Button>
        </div>
      </form>
      {notes.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : notes.isError ? (
        <p role="alert">{errorMessage(notes.error, t)}</p>
      ) : notes.data.items.length === 0 ? (
        <p className="text-muted">{t('notes.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="patient-notes">
          {notes.data.items.map((note) => (
            <NoteItem key={note.id} note={note} patientId={patientId} timeZone={timeZone} onChanged={refresh} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NoteItem({ note, patientId, timeZone, onChanged }: { note: ConsultationNote; patientId: string; timeZone: string; onChanged: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation('doctor');
  const language = i18n.resolvedLanguage ?? 'fr';
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.body);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const written = formatDateTime(note.createdAt, language, timeZone);
  const update = useMutation({
    mutationFn: (body: string) => apiCall(updateNote, { params: { patientId, noteId: note.id }, body: { body } }),
    onSuccess: () => {
      setEditing(false);
      void onChanged();
      toast.success(t('notes.updated'));
    },
    onError: (e) => toast.error(errorMessage(e, t)),
  });
  const remove = useMutation({
    mutationFn: () => apiCall(deleteNote, { params: { patientId, noteId: note.id } }),
    onSuccess: () => {
      setConfirming(false);
      void onChanged();
      toast.success(t('notes.deleted'));
    },
    onError: (e) => toast.error(errorMessage(e, t)),
  });
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const problem = noteError(text);
    if (problem) {
      setError(problem);
      return;
    }
    update.mutate(text.trim());
  };

  return (
    <li className="rounded-xl border border-line bg-surface p-3" data-testid="patient-note">
      <p className="text-sm text-muted">
        <time dateTime={note.createdAt}>{t('notes.written', { date: written })}</time>
        {note.updatedAt !== note.createdAt ? ` · ${t('notes.edited', { date: formatDateTime(note.updatedAt, language, timeZone) })}` : ''}
      </p>
      {editing ? (
        <form onSubmit={onSave} noValidate className="mt-2 flex flex-col gap-2">
          <label htmlFor={`${id}-edit`} className="font-medium">
            {t('notes.editLabel', { date: written })}
          </label>
          <textarea
            id={`${id}-edit`}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            maxLength={NOTE_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-edit-error` : undefined}
            className={textareaClasses}
          />
          {error ? (
            <p id={`${id}-edit-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {t(`notes.${error}`)}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={update.isPending}>
              {t('notes.save')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(false);
                setText(note.body);
                setError(null);
              }}
            >
              {t('notes.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="mt-1 whitespace-pre-wrap break-words">{note.body}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setEditing(true)} aria-label={t('notes.editLabel', { date: written })}>
              {t('notes.edit')}
            </Button>
            <Dialog
              open={confirming}
              onOpenChange={setConfirming}
              title={t('notes.deleteConfirm.title')}
              description={t('notes.deleteConfirm.text')}
              closeLabel={t('notes.cancel')}
              trigger={
                <Button variant="secondary" aria-label={t('notes.deleteLabel', { date: written })}>
                  {t('notes.delete')}
                </Button>
              }
            >
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="secondary" onClick={() => setConfirming(false)}>
                  {t('notes.cancel')}
                </Button>
                <Button onClick={() => remove.mutate()} disabled={remove.isPending}>
                  {t('notes.deleteConfirm.confirm')}
                </Button>
              </div>
            </Dialog>
          </div>
        </>
      )}
    </li>
  );
}
