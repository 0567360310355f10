import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, Link2, Link2Off } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createShareLink, revokeShareLink } from '@glucosuivi/domain/care-team/care-team.contract';
import type { CreateShareLinkInput, ShareLink } from '@glucosuivi/domain/care-team/care-team.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { CategoryCheckboxes } from './CategoryCheckboxes';
import { careTeamKeys } from '@/lib/queries/query-keys';
import { useShareLinks } from './care-team-api';
import { toggleCategory } from './categories';
import { formatDay } from './format';
import { EMPTY_SHARE, EXPIRY_HOURS, PERIOD_DAYS, buildShareLink, expiryLabel, type ShareErrors, type ShareValues } from './share-form';

const inputClasses =
  'min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-fg aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300';

/** "Liens sécurisés": read-only links without an account, their views, and revocation. */
export function ShareLinksSection({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('careTeam');
  const links = useShareLinks();
  const [created, setCreated] = useState<string | null>(null);
  const items = links.data?.items ?? [];
  const active = items.filter((l) => l.status === 'active');
  const past = items.filter((l) => l.status !== 'active');
  return (
    <section id="share-links" aria-labelledby="share-links-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <div>
        <h2 id="share-links-title" className="text-xl font-semibold">
          {t('share.title')}
        </h2>
        <p className="text-sm text-muted">{t('share.intro')}</p>
      </div>
      {created ? <CreatedLink url={created} onDone={() => setCreated(null)} /> : <CreateShareLinkForm onCreated={setCreated} />}
      {links.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : links.isError ? (
        <p role="alert">{errorMessage(links.error, t)}</p>
      ) : (
        <>
          <div>
            <h3 className="mb-2 text-lg font-semibold">{t('share.activeTitle')}</h3>
            {active.length === 0 ? (
              <p className="text-muted">{t('share.noneActive')}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {active.map((link) => (
                  <li key={link.id}>
                    <ShareLinkRow link={link} timeZone={timeZone} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          {past.length > 0 ? (
            <details className="rounded-lg">
              <summary className="flex min-h-11 cursor-pointer items-center font-medium">{t('share.pastTitle', { count: past.length })}</summary>
              <ul className="mt-2 flex flex-col gap-2">
                {past.map((link) => (
                  <li key={link.id}>
                    <ShareLinkRow link={link} timeZone={timeZone} />
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

function CreateShareLinkForm({ onCreated }: { onCreated: (url: string) => void }) {
  const { t } = useTranslation('careTeam');
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ShareValues>(EMPTY_SHARE);
  const [errors, setErrors] = useState<ShareErrors>({});
  const categoriesRef = useRef<HTMLDivElement>(null);
  const create = useMutation({
    mutationFn: (body: CreateShareLinkInput) => apiCall(createShareLink, { body }),
    onSuccess: (result) => {
      setValues(EMPTY_SHARE);
      onCreated(`${window.location.origin}${result.path}`);
      void queryClient.invalidateQueries({ queryKey: careTeamKeys.shareLinks });
    },
    onError: (error) => toast.error(t('share.createFailed'), { description: errorMessage(error, t) }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = buildShareLink(values, Date.now());
    if (!result.ok) {
      setErrors(result.errors);
      if (result.errors.categories) categoriesRef.current?.querySelector('input')?.focus();
      else document.getElementById(`${id}-label`)?.focus();
      return;
    }
    setErrors({});
    create.mutate(result.body);
  };
  const labelError = errors.label ? t(`share.errors.${errors.label}`) : undefined;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-xl border border-line p-3 sm:p-4" data-testid="create-share-link">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {t('share.createTitle')}
      </h3>
      <div ref={categoriesRef}>
        <CategoryCheckboxes
          legend={t('share.categoriesLegend')}
          value={values.categories}
          error={errors.categories ? t(`share.errors.${errors.categories}`) : undefined}
          onToggle={(category, checked) => {
            setValues((v) => ({ ...v, categories: toggleCategory(v.categories, category, checked) }));
            if (errors.categories) setErrors((e) => ({ ...e, categories: undefined }));
          }}
          compact
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-period`} className="font-medium">
            {t('share.period')}
          </label>
          <select id={`${id}-period`} value={values.periodDays} onChange={(e) => setValues((v) => ({ ...v, periodDays: Number(e.target.value) }))} className={inputClasses}>
            {PERIOD_DAYS.map((days) => (
              <option key={days} value={days}>
                {t('share.periodOption', { count: days })}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-expiry`} className="font-medium">
            {t('share.expiry')}
          </label>
          <select id={`${id}-expiry`} value={values.expiresInHours} onChange={(e) => setValues((v) => ({ ...v, expiresInHours: Number(e.target.value) }))} className={inputClasses}>
            {EXPIRY_HOURS.map((hours) => {
              const { key, count } = expiryLabel(hours);
              return (
                <option key={hours} value={hours}>
                  {t(`share.expiryOption.${key}`, { count })}
                </option>
              );
            })}
          </select>
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-label`} className="font-medium">
          {t('share.label')}
        </label>
        <input
          id={`${id}-label`}
          value={values.label}
          maxLength={120}
          onChange={(e) => {
            const label = e.target.value;
            setValues((v) => ({ ...v, label }));
            if (errors.label) setErrors((er) => ({ ...er, label: undefined }));
          }}
          aria-invalid={labelError ? true : undefined}
          aria-describedby={`${id}-label-hint${labelError ? ` ${id}-label-error` : ''}`}
          className={inputClasses}
        />
        <p id={`${id}-label-hint`} className="text-sm text-muted">
          {t('share.labelHint')}
        </p>
        {labelError ? (
          <p id={`${id}-label-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
            {labelError}
          </p>
        ) : null}
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {t(`share.errors.${errors.form}`)}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={create.isPending}>
          <Link2 aria-hidden="true" className="size-4" />
          {create.isPending ? t('share.creating') : t('share.create')}
        </Button>
      </div>
    </form>
  );
}

/** The new link, shown once (only its hash is stored), with a copy button. */
function CreatedLink({ url, onDone }: { url: string; onDone: () => void }) {
  const { t } = useTranslation('careTeam');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('share.copied'));
    } catch {
      // Clipboard refused (permissions, insecure origin): select the text for a manual copy.
      input.current?.select();
      toast.info(t('share.copyManually'));
    }
  };
  return (
    <div role="region" aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-xl border-2 border-primary p-3 sm:p-4" data-testid="created-share-link">
      <h3 id={`${id}-title`} className="text-lg font-semibold" tabIndex={-1} ref={(el) => el?.focus()}>
        {t('share.createdTitle')}
      </h3>
      <p className="text-sm">{t('share.createdText')}</p>
      <label htmlFor={`${id}-url`} className="font-medium">
        {t('share.url')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input id={`${id}-url`} ref={input} readOnly value={url} onFocus={(e) => e.target.select()} className={`${inputClasses} flex-1 font-mono text-sm`} />
        <Button onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {t('share.copy')}
        </Button>
      </div>
      <div>
        <Button variant="secondary" onClick={onDone}>
          {t('share.done')}
        </Button>
      </div>
    </div>
  );
}

function ShareLinkRow({ link, timeZone }: { link: ShareLink; timeZone: string }) {
  const { t, i18n } = useTranslation('careTeam');
  const language = i18n.resolvedLanguage ?? 'fr';
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => apiCall(revokeShareLink, { params: { id: link.id } }),
    onSuccess: () => {
      toast.success(t('share.revoked'));
      void queryClient.invalidateQueries({ queryKey: careTeamKeys.shareLinks });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const name = link.label ?? t('share.unnamed');
  const date = (iso: string) => formatDateTime(iso, language, timeZone);
  const day = (iso: string) => formatDay(iso, language, timeZone);
  return (
    <article aria-label={name} className="flex flex-wrap items-start justify-between gap-3 rounded-lg bg-surface p-3" data-testid="share-link">
      <div className="flex flex-col gap-0.5 text-sm">
        <p className="text-base font-semibold">{name}</p>
        <p>{link.categories.map((c) => t(`categories.${c}.label`)).join(', ')}</p>
        <p className="text-muted">{t('share.periodRange', { from: day(link.from), to: day(link.to) })}</p>
        <p>
          {link.status === 'active'
            ? t('share.expiresAt', { date: date(link.expiresAt) })
            : link.status === 'revoked'
              ? t('share.revokedAt', { date: date(link.revokedAt ?? link.expiresAt) })
              : t('share.expiredAt', { date: date(link.expiresAt) })}
        </p>
        <p data-testid="share-link-views">
          {t('share.views', { count: link.views })}
          {link.lastViewedAt ? ` · ${t('share.lastViewed', { date: date(link.lastViewedAt) })}` : null}
        </p>
      </div>
      {link.status === 'active' ? (
        <Button variant="secondary" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
          <Link2Off aria-hidden="true" className="size-4" />
          {t('share.revoke')}
          <span className="sr-only"> {name}</span>
        </Button>
      ) : null}
    </article>
  );
}
