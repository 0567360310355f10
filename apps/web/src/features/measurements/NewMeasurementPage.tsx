import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { getMeasurement, updateMeasurement } from '@glucosuivi/domain/measurements/measurements.contract';
import {
  MEASUREMENT_KINDS,
  NOTE_MAX_LENGTH,
  type MeasurementInput,
  type MeasurementKind,
  type MeasurementRecord,
  type MeasurementWriteResult,
} from '@glucosuivi/domain/measurements/measurements.schemas';
import { toLocalInputValue } from '@/components/charts/glucose-display';
import { patientDataKeys, invalidateHealthData, useGlucoseSettings } from '@/lib/queries/patient-data';
import { Segmented } from '@/components/charts/Segmented';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusMessage } from '@/components/ui/StatusMessage';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { ApiError, errorMessage } from '@/lib/errors';
import { listQueued, removeQueued, type QueuedEntry } from '@/lib/offline/entry-queue';
import { isOnline } from '@/lib/offline/online-state';
import { createOrQueue } from '@/lib/offline/sync';
import { useSession } from '@/lib/session';
import { TextField } from '@/components/ui/TextField';
import { KindFields, useFieldKit } from './KindFields';
import {
  buildInput,
  emptyValues,
  issuesToErrors,
  KIND_FIELDS,
  valuesFromInput,
  valuesFromRecord,
  type FieldErrors,
  type FormValues,
} from './measurement-form';

const DASHBOARD = '/patient-dashboard';

/**
 * /new-measurement (and ?edit=<id>; ?queued=<key>: an entry kept on this device that the server
 * refused, to fix and send again): one entry of any kind, keyboard first.
 */
export function NewMeasurementPage() {
  const { t } = useTranslation('measurements');
  const [search] = useSearchParams();
  const editId = search.get('edit');
  const queuedKey = search.get('queued');
  const { user } = useSession();
  const settings = useGlucoseSettings();
  const existing = useQuery({
    queryKey: [...patientDataKeys.measurements, 'one', editId],
    queryFn: ({ signal }) => apiCall(getMeasurement, { params: { id: editId as string }, signal }),
    enabled: Boolean(editId),
  });
  // From this device's queue, not the network: read offline too.
  const queued = useQuery({
    queryKey: ['offline-queue', user?.id, queuedKey],
    queryFn: async () => (await listQueued(user?.id ?? '')).find((entry) => entry.clientKey === queuedKey) ?? null,
    enabled: Boolean(queuedKey && user),
    networkMode: 'always',
  });
  useDocumentTitle(editId ? t('editTitle') : t('title'));
  if (settings.isPending || (editId && existing.isPending) || (queuedKey && queued.isPending)) {
    // The heading stands at once; only the form waits for the unit and zone (or the entry).
    return (
      <div className="mx-auto max-w-2xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold sm:text-3xl">{editId ? t('editTitle') : t('title')}</h1>
        <StatusMessage>{t('loading')}</StatusMessage>
      </div>
    );
  }
  if (editId && existing.isError) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{t('editTitle')}</h1>
        <p role="alert">{errorMessage(existing.error, t)}</p>
      </div>
    );
  }
  return (
    <EntryForm
      key={editId ?? queuedKey ?? 'new'}
      editRecord={existing.data ?? null}
      queued={queued.data ?? null}
      unit={settings.unit}
      timeZone={settings.timeZone}
    />
  );
}

interface EntryFormProps {
  editRecord: MeasurementRecord | null;
  /** A refused entry of the queue: saving sends the fixed entry and removes it from the queue. */
  queued: QueuedEntry | null;
  unit: FormValues['glucoseUnit'];
  timeZone: string;
}

function EntryForm({ editRecord, queued, unit, timeZone }: EntryFormProps) {
  const { t, i18n } = useTranslation('measurements');
  const language = i18n.resolvedLanguage ?? 'fr';
  const id = useId();
  const { formRef, firstRef, kind, values, errors, formError, set, changeKind, save, onSubmit } = useEntryForm(editRecord, queued, unit, timeZone, language);
  const kit = useFieldKit({ id, values, errors, set, firstRef, language });
  const { err } = kit;
  return (
    <div className="mx-auto w-full max-w-2xl px-3 py-6 sm:px-4">
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">{editRecord ? t('editTitle') : t('title')}</h1>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5 rounded-2xl border border-line bg-canvas p-4 sm:p-5">
        <Segmented
          name="kind"
          legend={t('kindLegend')}
          value={kind}
          options={MEASUREMENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          onChange={changeKind}
          disabled={Boolean(editRecord)}
        />
        {formError ? (
          <p role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100">
            {formError}
          </p>
        ) : null}

        <KindFields kind={kind} kit={kit} />

        <TextField
          id={`${id}-measuredAt`}
          data-field="measuredAt"
          type="datetime-local"
          label={t('fields.measuredAt')}
          hint={t('hints.timeZone', { zone: timeZone })}
          value={values.measuredAt}
          onValueChange={set('measuredAt')}
          error={err('measuredAt')}
          ref={kind === 'event' && values.eventType === 'note' ? firstRef : undefined}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-note`} className="font-medium">
            {kind === 'event' && values.eventType === 'note' ? t('fields.noteRequired') : t('fields.note')}
          </label>
          <textarea
            id={`${id}-note`}
            data-field="note"
            value={values.note}
            maxLength={NOTE_MAX_LENGTH}
            onChange={(event) => set('note')(event.target.value)}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? `${id}-note-error` : undefined}
            rows={2}
            className="min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-fg"
          />
          {errors.note ? (
            <p id={`${id}-note-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
              {err('note')}
            </p>
          ) : null}
        </div>

        <div className="flex flex-wrap gap-2">
          <Button type="submit" value="back" disabled={save.isPending}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
          {editRecord ? null : (
            <Button type="submit" value="stay" variant="secondary" disabled={save.isPending}>
              {t('saveAndAdd')}
            </Button>
          )}
          <Link to={DASHBOARD} className={buttonClasses('ghost')} data-button>
            {t('cancel')}
          </Link>
        </div>
      </form>
    </div>
  );
}

/** Kind, values and errors of the entry; "save and add another" keeps the units and event type and starts afresh. */
function useEntryForm(editRecord: MeasurementRecord | null, queued: QueuedEntry | null, unit: FormValues['glucoseUnit'], timeZone: string, language: string) {
  const { t } = useTranslation('measurements');
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<MeasurementKind>(editRecord?.kind ?? queued?.body.kind ?? 'glucose');
  const [values, setValues] = useState<FormValues>(() => {
    const base = emptyValues(unit, toLocalInputValue(Date.now(), timeZone));
    if (editRecord) return valuesFromRecord(editRecord, base, timeZone, language);
    return queued ? valuesFromInput(queued.body, base, timeZone, language) : base;
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const stayRef = useRef(false);

  useEffect(() => {
    firstRef.current?.focus();
  }, [kind, values.eventType]);

  const set = <K extends keyof FormValues>(field: K) => (value: FormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const focusFirstError = (errs: FieldErrors) => {
    const first = KIND_FIELDS[kind].find((f) => errs[f]);
    const el = first ? formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`) : null;
    el?.focus();
  };

  const save = useMutation({
    // Offline, a new entry goes to this device's queue (sent with its key when back online).
    networkMode: 'always',
    mutationFn: async (body: MeasurementInput): Promise<MeasurementWriteResult | null> => {
      if (editRecord) return apiCall(updateMeasurement, { params: { id: editRecord.id }, body });
      const outcome = await createOrQueue(body, user?.id ?? '', isOnline());
      // The fixed entry is sent or queued under a key of its own: the refused one goes.
      if (queued) await removeQueued(queued.clientKey);
      return outcome.queued ? null : outcome.result;
    },
    onSuccess: (result) => {
      if (result) void invalidateHealthData(queryClient);
      toast.success(result === null ? t('offline:toasts.queued') : editRecord ? t('toasts.updated') : t('toasts.saved'));
      for (const alert of result?.alerts ?? []) {
        const text = t(`alerts:kinds.${alert.kind}.title`);
        // A plain toast: sonner's rich warning colours are below the WCAG contrast ratio.
        if (alert.kind === 'urgent_hypo') toast(`${text} — ${t('alerts:emergency')}`, { duration: 10_000, icon: <TriangleAlert aria-hidden="true" className="size-4 text-red-700" /> });
        else toast(text, { icon: <TriangleAlert aria-hidden="true" className="size-4 text-amber-700" /> });
      }
      if (stayRef.current && !editRecord) {
        setValues((v) => ({ ...emptyValues(v.glucoseUnit, toLocalInputValue(Date.now(), timeZone)), hba1cUnit: v.hba1cUnit, lipidUnit: v.lipidUnit, eventType: v.eventType }));
        setErrors({});
        firstRef.current?.focus();
      } else void navigate(DASHBOARD);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.issues?.length) {
        const errs = issuesToErrors(kind, error.issues);
        setErrors(errs);
        setFormError(t('errors.summary'));
        focusFirstError(errs);
      } else setFormError(errorMessage(error, t));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    stayRef.current = submitter?.value === 'stay';
    setFormError(null);
    const result = buildInput(kind, values, timeZone, Date.now());
    if (!result.ok) {
      setErrors(result.errors);
      setFormError(t('errors.summary'));
      focusFirstError(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.body);
  };

  const changeKind = (next: MeasurementKind) => {
    setKind(next);
    setErrors({});
    setFormError(null);
  };

  return { formRef, firstRef, kind, values, errors, formError, set, changeKind, save, onSubmit };
}
