import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { inviteProfessional } from '@glucosuivi/domain/care-team/care-team.contract';
import type { InviteProfessionalInput } from '@glucosuivi/domain/care-team/care-team.schemas';
import { Button } from '@/components/ui/Button';
import { apiCall } from '@/lib/api-client';
import { ApiError, errorMessage } from '@/lib/errors';
import { CategoryCheckboxes } from './CategoryCheckboxes';
import { careTeamKeys } from '@/lib/queries/query-keys';
import { toggleCategory } from './categories';
import { EMPTY_INVITE, buildInvite, type InviteBy, type InviteErrors, type InviteValues } from './invite-form';

const inputClasses =
  'min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-fg aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300';

/** Invite a professional by personal code (linked at once) or by e-mail (an invitation is sent). */
export function InviteProfessionalForm() {
  const { t } = useTranslation('careTeam');
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<InviteValues>(EMPTY_INVITE);
  const [errors, setErrors] = useState<InviteErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const targetRef = useRef<HTMLInputElement>(null);
  const categoriesRef = useRef<HTMLDivElement>(null);

  const invite = useMutation({
    mutationFn: (body: InviteProfessionalInput) => apiCall(inviteProfessional, { body }),
    onSuccess: (result, body) => {
      if (result.outcome === 'linked') toast.success(t('invite.linked'));
      else toast.success(t('invite.sent', { email: 'email' in body ? body.email : '' }));
      setValues({ ...EMPTY_INVITE, by: values.by });
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: careTeamKeys.all });
    },
    onError: (error) => {
      // By code, "not found" means the code matches nobody; "conflict" that the link exists.
      if (error instanceof ApiError && error.code === 'not_found') setServerError(t('invite.errors.unknownCode'));
      else if (error instanceof ApiError && error.code === 'conflict') setServerError(t('invite.errors.alreadyLinked'));
      else setServerError(errorMessage(error, t));
    },
  });

  const setBy = (by: InviteBy) => {
    setValues((v) => ({ ...v, by }));
    setErrors((e) => ({ ...e, target: undefined }));
    setServerError(null);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const result = buildInvite(values);
    if (!result.ok) {
      setErrors(result.errors);
      if (result.errors.target) targetRef.current?.focus();
      else categoriesRef.current?.querySelector('input')?.focus();
      return;
    }
    setErrors({});
    invite.mutate(result.body);
  };

  const targetId = `${id}-target`;
  const targetError = errors.target ? t(`invite.errors.${errors.target}`) : undefined;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-xl border border-line p-3 sm:p-4" data-testid="invite-professional">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {t('invite.title')}
      </h3>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-1">
        <legend className="mb-1 font-medium">{t('invite.by')}</legend>
        {(['code', 'email'] as const).map((by) => (
          <label key={by} className="inline-flex min-h-11 cursor-pointer items-center gap-2">
            <input type="radio" name={`${id}-by`} value={by} checked={values.by === by} onChange={() => setBy(by)} className="size-5 accent-primary" />
            {t(`invite.by_${by}`)}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={targetId} className="font-medium">
          {t(values.by === 'code' ? 'invite.codeLabel' : 'invite.emailLabel')}
        </label>
        <input
          ref={targetRef}
          id={targetId}
          key={values.by}
          type={values.by === 'email' ? 'email' : 'text'}
          autoComplete={values.by === 'email' ? 'email' : 'off'}
          autoCapitalize={values.by === 'code' ? 'characters' : 'none'}
          spellCheck={false}
          value={values.by === 'code' ? values.code : values.email}
          onChange={(e) => {
            const value = e.target.value;
            setValues((v) => (v.by === 'code' ? { ...v, code: value } : { ...v, email: value }));
            if (errors.target) setErrors((er) => ({ ...er, target: undefined }));
          }}
          aria-invalid={targetError ? true : undefined}
          aria-describedby={`${targetId}-hint${targetError ? ` ${targetId}-error` : ''}`}
          className={inputClasses}
        />
        <p id={`${targetId}-hint`} className="text-sm text-muted">
          {t(values.by === 'code' ? 'invite.codeHint' : 'invite.emailHint')}
        </p>
        {targetError ? (
          <p id={`${targetId}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
            {targetError}
          </p>
        ) : null}
      </div>
      <div ref={categoriesRef}>
        <CategoryCheckboxes
          legend={t('invite.categoriesLegend')}
          value={values.categories}
          error={errors.categories ? t(`invite.errors.${errors.categories}`) : undefined}
          onToggle={(category, checked) => {
            setValues((v) => ({ ...v, categories: toggleCategory(v.categories, category, checked) }));
            if (errors.categories) setErrors((er) => ({ ...er, categories: undefined }));
          }}
          compact
        />
      </div>
      {serverError ? (
        <p role="alert" className="rounded-lg border border-red-700 p-3 text-sm font-medium text-red-700 dark:border-red-300 dark:text-red-300">
          {serverError}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={invite.isPending}>
          <UserPlus aria-hidden="true" className="size-4" />
          {invite.isPending ? t('invite.sending') : t('invite.submit')}
        </Button>
      </div>
    </form>
  );
}
