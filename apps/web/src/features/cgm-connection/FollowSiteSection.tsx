import { RefreshCw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API_SECRET_MIN,
  FOLLOW_CREDENTIAL_KINDS,
  FOLLOW_CREDENTIAL_MAX,
  FOLLOW_URL_MAX,
  normalizeSiteUrl,
  type FollowCredentialKind,
  type FollowedSite,
} from '@glucosuivi/domain/nightscout/nightscout-follow.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { ErrorWithUpgrade, UpgradeLink } from '@/components/subscription/UpgradeLink';
import { useSubscription } from '@/components/subscription/use-subscription';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { ApiError, errorMessage } from '@/lib/errors';
import { useFollowActions, useFollowedSite } from './follow-api';

/**
 * "Suivre un site Nightscout": the patient who already has a Nightscout site gives its address and
 * a read token (or the site's API_SECRET); the server polls it every 5 minutes and imports its
 * new readings and treatments. The section says when it last worked, why it last failed and when it tries again.
 */
export function FollowSiteSection({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('cgmConnection');
  const site = useFollowedSite();
  const actions = useFollowActions();
  const [editing, setEditing] = useState(false);
  const current = site.data?.site ?? null;
  // Following a site is premium: without it, a followed site is no longer polled (the server skips it).
  const plan = useSubscription().data;
  const lacksPremium = plan ? !plan.entitlements.includes('cgm_follow') : false;

  return (
    <section aria-labelledby="follow-title" className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5" data-testid="follow-site">
      <h2 id="follow-title" className="text-xl font-bold">
        {t('follow.title')}
      </h2>
      <p className="text-sm text-muted">{t('follow.intro')}</p>
      {lacksPremium && !site.isPending ? <PremiumNotice paused={current !== null} /> : null}
      {site.isPending ? (
        <p role="status">{t('follow.loading')}</p>
      ) : site.isError ? (
        <p role="alert">{errorMessage(site.error, t)}</p>
      ) : current && !editing ? (
        <FollowedSiteStatus site={current} timeZone={timeZone} actions={actions} onEdit={() => setEditing(true)} />
      ) : (
        <FollowForm
          initialUrl={current?.url ?? ''}
          follow={actions.follow}
          onDone={() => setEditing(false)}
          onCancel={current ? () => setEditing(false) : undefined}
        />
      )}
    </section>
  );
}

/** Why the section is paused or what following a site needs, with the way to premium. */
function PremiumNotice({ paused }: { paused: boolean }) {
  const { t } = useTranslation('subscription');
  return (
    <div className="flex flex-wrap items-center gap-x-2 rounded-lg border border-line-strong bg-canvas p-3 text-sm" data-testid="follow-premium">
      <p className={paused ? 'font-medium' : ''}>{t(paused ? 'follow.paused' : 'follow.premium')}</p>
      <UpgradeLink />
    </div>
  );
}

type Actions = ReturnType<typeof useFollowActions>;
type FieldErrors = { url?: string | undefined; credential?: string | undefined };

/** The server's refusal of a field, as the form's own message when it has one. */
function fieldErrorsOf(error: unknown, t: (key: string, options?: Record<string, unknown>) => string): FieldErrors | null {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed' || !error.issues) return null;
  const found: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.at(-1);
    if (field !== 'url' && field !== 'credential') continue;
    const key = `follow.issues.${issue.message}`;
    const text = t(key, { min: API_SECRET_MIN });
    found[field] ??= text === key ? t('follow.issues.invalid') : text;
  }
  return found.url || found.credential ? found : null;
}

function FollowForm({ initialUrl, follow, onDone, onCancel }: { initialUrl: string; follow: Actions['follow']; onDone: () => void; onCancel?: (() => void) | undefined }) {
  const { t } = useTranslation('cgmConnection');
  const id = useId();
  const [url, setUrl] = useState(initialUrl);
  const [kind, setKind] = useState<FollowCredentialKind>('token');
  const [credential, setCredential] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    const normalized = url.trim() === '' ? { issue: 'url_required' } : normalizeSiteUrl(url);
    if ('issue' in normalized) found.url = t(`follow.issues.${normalized.issue}`);
    if (credential.trim() === '') found.credential = t(`follow.issues.credential_required_${kind}`);
    else if (kind === 'api_secret' && credential.trim().length < API_SECRET_MIN) found.credential = t('follow.issues.secret_too_short', { min: API_SECRET_MIN });
    setErrors(found);
    setFailure(null);
    if (found.url || found.credential) return;
    follow.mutate(
      { url: url.trim(), credentialKind: kind, credential: credential.trim() },
      {
        onSuccess: () => {
          setCredential('');
          onDone();
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error, t);
          if (fields) setErrors(fields);
          else setFailure(error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={t('follow.formLabel')}>
      <TextField
        id={`${id}-url`}
        label={t('follow.url')}
        hint={t('follow.urlHint')}
        value={url}
        onValueChange={setUrl}
        error={errors.url}
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        maxLength={FOLLOW_URL_MAX}
        placeholder="https://mon-site.nightscout.example"
      />
      <fieldset className="flex flex-wrap gap-x-6 gap-y-1">
        <legend className="mb-1 font-medium">{t('follow.kind')}</legend>
        {FOLLOW_CREDENTIAL_KINDS.map((k) => (
          <label key={k} className="inline-flex min-h-11 cursor-pointer items-center gap-2">
            <input type="radio" name={`${id}-kind`} value={k} checked={kind === k} onChange={() => setKind(k)} className="size-5 accent-primary" />
            {t(`follow.kinds.${k}`)}
          </label>
        ))}
      </fieldset>
      <TextField
        id={`${id}-credential`}
        label={t(`follow.credential.${kind}`)}
        hint={t(`follow.credentialHint.${kind}`)}
        value={credential}
        onValueChange={setCredential}
        error={errors.credential}
        type="password"
        autoComplete="off"
        spellCheck={false}
        maxLength={FOLLOW_CREDENTIAL_MAX}
      />
      {failure ? <ErrorWithUpgrade error={failure} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={follow.isPending}>
          {t('follow.submit')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('follow.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function FollowedSiteStatus({ site, timeZone, actions, onEdit }: { site: FollowedSite; timeZone: string; actions: Actions; onEdit: () => void }) {
  const { t, i18n } = useTranslation('cgmConnection');
  const [confirming, setConfirming] = useState(false);
  const when = (at: string) => formatDateTime(at, i18n.language, timeZone);
  const failure = actions.sync.error ?? actions.unfollow.error;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t('follow.site')}</dt>
        <dd className="break-all">{site.url}</dd>
        <dt className="font-semibold">{t(`follow.credential.${site.credentialKind}`)}</dt>
        <dd>{site.credentialHint}</dd>
        <dt className="font-semibold">{t('follow.lastSync')}</dt>
        <dd>{site.lastSyncAt ? when(site.lastSyncAt) : t('follow.never')}</dd>
        {site.lastError ? (
          <>
            <dt className="font-semibold">{t('follow.lastError')}</dt>
            <dd className="font-medium text-red-800 dark:text-red-300" data-testid="follow-error">
              {t(`follow.errors.${site.lastError}`)}
              {site.lastErrorAt ? ` (${when(site.lastErrorAt)})` : ''}
            </dd>
          </>
        ) : null}
        <dt className="font-semibold">{t('follow.nextAttempt')}</dt>
        <dd>{when(site.nextAttemptAt)}</dd>
        <dt className="font-semibold">{t('follow.imported')}</dt>
        <dd>{site.importedEntries.toLocaleString(i18n.language)}</dd>
        <dt className="font-semibold">{t('follow.importedTreatments')}</dt>
        <dd>{site.importedTreatments.toLocaleString(i18n.language)}</dd>
      </dl>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('follow.confirmStop')}>
          <p className="w-full text-sm">{t('follow.confirmStop')}</p>
          <Button onClick={() => actions.unfollow.mutate(undefined, { onSettled: () => setConfirming(false) })} disabled={actions.unfollow.isPending}>
            {t('follow.confirmStopYes')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t('follow.cancel')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => actions.sync.mutate()} disabled={actions.sync.isPending}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {actions.sync.isPending ? t('follow.syncing') : t('follow.syncNow')}
          </Button>
          <Button variant="secondary" onClick={onEdit}>
            {t('follow.edit')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('follow.stop')}
          </Button>
        </div>
      )}
      {failure ? <ErrorWithUpgrade error={failure} /> : null}
    </div>
  );
}
