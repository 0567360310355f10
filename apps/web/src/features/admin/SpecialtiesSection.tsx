import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createSpecialty, listAdminSpecialties, updateSpecialty } from '@glucosuivi/domain/admin/admin.contract';
import type { AdminSpecialty, CreateSpecialtyInput } from '@glucosuivi/domain/admin/admin.schemas';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { TextField } from '@/components/ui/TextField';
import { apiCall } from '@/lib/api-client';
import { ApiError, errorMessage } from '@/lib/errors';
import { adminKeys, specialtyKeys } from '@/lib/queries/query-keys';
import { AdminError, adminRetry } from './AdminError';
import {
  checkSpecialtyForm,
  emptySpecialtyForm,
  specialtyErrorsFromIssues,
  specialtyFormOf,
  type SpecialtyField,
  type SpecialtyFormErrors,
  type SpecialtyFormValues,
} from './specialty-form';

/** "Spécialités": the list offered at a professional's registration — add, rename, reorder, switch on and off. */
export function SpecialtiesSection() {
  const { t } = useTranslation('admin');
  const list = useQuery({ queryKey: adminKeys.specialties, queryFn: ({ signal }) => apiCall(listAdminSpecialties, { signal }), retry: adminRetry });
  const nextOrder = Math.max(0, ...(list.data?.items.map((s) => s.displayOrder) ?? [])) + 1;
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-prose text-muted">{t('specialties.intro')}</p>
      {list.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : list.isError ? (
        <AdminError error={list.error} />
      ) : (
        <>
          <div>
            <SpecialtyDialog trigger={<Button>{t('specialties.add')}</Button>} initial={emptySpecialtyForm(nextOrder)} />
          </div>
          <ul className="grid gap-3 md:grid-cols-2" aria-label={t('specialties.listLabel')}>
            {list.data.items.map((specialty) => (
              <SpecialtyCard key={specialty.id} specialty={specialty} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** After a change, the administrators' list and every language's sign-up list are stale. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.specialties });
    void queryClient.invalidateQueries({ queryKey: specialtyKeys.all });
  };
}

function SpecialtyCard({ specialty }: { specialty: AdminSpecialty }) {
  const { t } = useTranslation('admin');
  const refresh = useRefresh();
  const toggle = useMutation({
    mutationFn: () => apiCall(updateSpecialty, { params: { id: specialty.id }, body: { isActive: !specialty.isActive } }),
    onSuccess: (saved) => {
      toast.success(t(saved.isActive ? 'specialties.activated' : 'specialties.deactivated', { name: saved.name }));
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const titleId = `specialty-${specialty.id}`;
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-4" data-testid="specialty-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="font-semibold break-words">
          {specialty.name}
        </h3>
        <span className={specialty.isActive ? 'text-sm text-emerald-800 dark:text-emerald-200' : 'text-sm font-semibold text-amber-800 dark:text-amber-200'}>
          {t(specialty.isActive ? 'specialties.active' : 'specialties.inactive')}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('specialties.nameEn')}</dt>
        <dd lang="en">{specialty.nameEn ?? t('specialties.missing')}</dd>
        <dt className="text-muted">{t('specialties.nameEs')}</dt>
        <dd lang="es">{specialty.nameEs ?? t('specialties.missing')}</dd>
        <dt className="text-muted">{t('specialties.order')}</dt>
        <dd className="tabular-nums">{specialty.displayOrder}</dd>
        <dt className="text-muted">{t('specialties.professionals')}</dt>
        <dd className="tabular-nums">{specialty.professionals}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <SpecialtyDialog
          trigger={
            <Button variant="secondary" aria-label={t('specialties.editLabel', { name: specialty.name })}>
              {t('specialties.edit')}
            </Button>
          }
          initial={specialtyFormOf(specialty)}
          id={specialty.id}
        />
        <Button
          variant="ghost"
          onClick={() => toggle.mutate()}
          disabled={toggle.isPending}
          aria-label={t(specialty.isActive ? 'specialties.deactivateLabel' : 'specialties.activateLabel', { name: specialty.name })}
        >
          {t(specialty.isActive ? 'specialties.deactivate' : 'specialties.activate')}
        </Button>
      </div>
    </li>
  );
}

/** Adds a specialty (no `id`) or edits one: the French name and its English and Spanish names, and its place in the list. */
function SpecialtyDialog({ trigger, initial, id }: { trigger: ReactNode; initial: SpecialtyFormValues; id?: string }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen} trigger={trigger} title={t(id ? 'specialties.editTitle' : 'specialties.addTitle')} description={t('specialties.formText')} closeLabel={t('close')}>
      {/* Mounted only while open: every opening starts from the specialty as saved. */}
      <SpecialtyForm initial={initial} id={id} onDone={() => setOpen(false)} />
    </Dialog>
  );
}

function SpecialtyForm({ initial, id, onDone }: { initial: SpecialtyFormValues; id?: string | undefined; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const fieldId = useId();
  const refresh = useRefresh();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SpecialtyFormErrors>({});
  const save = useMutation({
    mutationFn: (body: CreateSpecialtyInput) => (id ? apiCall(updateSpecialty, { params: { id }, body }) : apiCall(createSpecialty, { body })),
    onSuccess: (saved) => {
      toast.success(t(id ? 'specialties.saved' : 'specialties.added', { name: saved.name }));
      refresh();
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.issues) setErrors(specialtyErrorsFromIssues(error.issues));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSpecialtyForm(values);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    save.mutate(checked.body);
  };
  const field = (name: SpecialtyField, extra: { inputMode?: 'numeric'; lang?: string } = {}) => (
    <TextField
      id={`${fieldId}-${name}`}
      label={t(`specialties.fields.${name}`)}
      value={values[name]}
      onValueChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
      error={errors[name] ? t(`errors.${errors[name]}`) : null}
      maxLength={name === 'displayOrder' ? 5 : 120}
      {...extra}
    />
  );
  const serverError = save.isError && !(save.error instanceof ApiError && save.error.issues?.length) ? errorMessage(save.error, t) : null;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {field('name', { lang: 'fr' })}
      {field('nameEn', { lang: 'en' })}
      {field('nameEs', { lang: 'es' })}
      {field('displayOrder', { inputMode: 'numeric' })}
      {serverError ? <p role="alert">{serverError}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t(id ? 'specialties.save' : 'specialties.addSubmit')}
        </Button>
      </div>
    </form>
  );
}
