import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Uploader, UploaderSecret } from '@glucosuivi/domain/nightscout/nightscout.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/errors';
import { CopyField } from './CopyField';
import { SetupGuides } from './SetupGuides';
import { useUploaderActions, useUploaders } from './uploaders-api';

/**
 * Nightscout-compatible uploads: the patient names one uploader per device and gets its secret,
 * shown once; the sensor app then sends to this site as to a Nightscout site. The list says
 * what each one last sent, so a silent phone is noticed.
 */
export function UploadersSection({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('cgmConnection');
  const siteUrl = window.location.origin;
  const uploaders = useUploaders();
  const actions = useUploaderActions();
  const [shown, setShown] = useState<UploaderSecret | null>(null);

  return (
    <section aria-labelledby="uploaders-title" className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5">
      <h2 id="uploaders-title" className="text-xl font-bold">
        {t('uploaders.title')}
      </h2>
      <p className="text-sm text-muted">{t('uploaders.intro')}</p>
      <CopyField label={t('uploaders.siteUrl')} value={siteUrl} />
      <CreateUploaderForm onCreated={setShown} create={actions.create} />
      {shown ? <ShownSecret secret={shown} siteUrl={siteUrl} onDone={() => setShown(null)} /> : null}
      {uploaders.isPending ? (
        <p role="status">{t('uploaders.loading')}</p>
      ) : uploaders.isError ? (
        <p role="alert">{errorMessage(uploaders.error, t)}</p>
      ) : uploaders.data.uploaders.length === 0 ? (
        <p className="text-sm">{t('uploaders.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('uploaders.listLabel')}>
          {uploaders.data.uploaders.map((uploader) => (
            <UploaderItem key={uploader.id} uploader={uploader} timeZone={timeZone} actions={actions} onSecret={setShown} />
          ))}
        </ul>
      )}
      <SetupGuides siteUrl={siteUrl} />
    </section>
  );
}

type Actions = ReturnType<typeof useUploaderActions>;

function CreateUploaderForm({ create, onCreated }: { create: Actions['create']; onCreated: (secret: UploaderSecret) => void }) {
  const { t } = useTranslation('cgmConnection');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(t('uploaders.nameRequired'));
    setError(null);
    create.mutate(name.trim(), {
      onSuccess: (secret) => {
        setName('');
        onCreated(secret);
      },
      onError: (failure) => setError(errorMessage(failure, t)),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <TextField id="uploader-name" label={t('uploaders.name')} hint={t('uploaders.nameHint')} value={name} onValueChange={setName} error={error} announceError maxLength={60} autoComplete="off" />
      <div>
        <Button type="submit" disabled={create.isPending}>
          <KeyRound aria-hidden="true" className="size-4" />
          {t('uploaders.create')}
        </Button>
      </div>
    </form>
  );
}

/** The secret of a new or rotated uploader: the only time it is shown (the server keeps digests). */
function ShownSecret({ secret, siteUrl, onDone }: { secret: UploaderSecret; siteUrl: string; onDone: () => void }) {
  const { t } = useTranslation('cgmConnection');
  const id = useId();
  return (
    <div role="region" aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-xl border-2 border-primary p-3 sm:p-4" data-testid="uploader-secret">
      <h3 id={`${id}-title`} className="text-lg font-semibold" tabIndex={-1} ref={(el) => el?.focus()}>
        {t('uploaders.secretTitle', { name: secret.uploader.name })}
      </h3>
      <p className="text-sm">{t('uploaders.secretText')}</p>
      <CopyField label={t('uploaders.secret')} value={secret.secret} />
      <CopyField label={t('uploaders.xdripUrl')} value={xdripUrl(siteUrl, secret.secret)} />
      <div>
        <Button variant="secondary" onClick={onDone}>
          {t('uploaders.secretDone')}
        </Button>
      </div>
    </div>
  );
}

/** xDrip+ takes the secret inside its "Base URL": https://SECRET@host/api/v1/. */
export function xdripUrl(siteUrl: string, secret: string): string {
  const url = new URL(siteUrl);
  return `${url.protocol}//${encodeURIComponent(secret)}@${url.host}/api/v1/`;
}

function UploaderItem({ uploader, timeZone, actions, onSecret }: { uploader: Uploader; timeZone: string; actions: Actions; onSecret: (secret: UploaderSecret) => void }) {
  const { t, i18n } = useTranslation('cgmConnection');
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  const when = (at: string) => formatDateTime(at, i18n.language, timeZone);
  // The mutations are shared by the list: an error belongs to the item it was for.
  const failure = (actions.rotate.variables === uploader.id ? actions.rotate.error : null) ?? (actions.revoke.variables === uploader.id ? actions.revoke.error : null);
  const confirm = () => {
    if (confirming === 'rotate') actions.rotate.mutate(uploader.id, { onSuccess: onSecret, onSettled: () => setConfirming(null) });
    else actions.revoke.mutate(uploader.id, { onSettled: () => setConfirming(null) });
  };
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line p-3" data-testid="uploader">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold break-all">{uploader.name}</h3>
        <span className="text-sm font-medium">{uploader.revokedAt ? t('uploaders.revoked') : t('uploaders.active')}</span>
      </div>
      <dl className="grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t('uploaders.lastUpload')}</dt>
        <dd>{uploader.lastUploadAt ? when(uploader.lastUploadAt) : t('uploaders.never')}</dd>
        <dt className="font-semibold">{t('uploaders.readings24h')}</dt>
        <dd>{uploader.readingsLast24h.toLocaleString(i18n.language)}</dd>
        {uploader.device ? (
          <>
            <dt className="font-semibold">{t('uploaders.device')}</dt>
            <dd className="break-all">{uploader.device}</dd>
          </>
        ) : null}
        {uploader.batteryPercent !== null ? (
          <>
            <dt className="font-semibold">{t('uploaders.battery')}</dt>
            <dd>{t('uploaders.batteryValue', { percent: uploader.batteryPercent })}</dd>
          </>
        ) : null}
        <dt className="font-semibold">{t('uploaders.created')}</dt>
        <dd>{when(uploader.createdAt)}</dd>
      </dl>
      {uploader.revokedAt ? null : confirming ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t(`uploaders.confirm.${confirming}`, { name: uploader.name })}>
          <p className="w-full text-sm">{t(`uploaders.confirm.${confirming}`, { name: uploader.name })}</p>
          <Button variant={confirming === 'revoke' ? 'primary' : 'secondary'} onClick={confirm} disabled={actions.rotate.isPending || actions.revoke.isPending}>
            {t(`uploaders.confirmYes.${confirming}`)}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(null)}>
            {t('uploaders.cancel')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setConfirming('rotate')} aria-label={t('uploaders.rotateLabel', { name: uploader.name })}>
            {t('uploaders.rotate')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming('revoke')} aria-label={t('uploaders.revokeLabel', { name: uploader.name })}>
            {t('uploaders.revoke')}
          </Button>
        </div>
      )}
      {failure ? <p role="alert" className="text-sm text-red-800 dark:text-red-300">{errorMessage(failure, t)}</p> : null}
    </li>
  );
}
