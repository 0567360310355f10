import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Switch } from '@/components/ui/Switch';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { sessionQueryKey } from '@/lib/session';
import { TextField } from '@/components/ui/TextField';
import { confirmTwoFactor, disableTwoFactor, enableTwoFactor } from '@glucosuivi/domain/accounts/accounts.contract';
import { groupSecret, totpSecret } from './settings-api';
import { settingsQueryKey } from './use-settings';
import { useSettingsT } from './settings-i18n';

type Step = { name: 'password' } | { name: 'scan'; uri: string; backupCodes: string[]; qr: string | null };

/** The two-factor toggle: it follows the enrolment (password → QR code → first code), never a bare PATCH. */
export function TwoFactorSetting({ enabled }: { enabled: boolean }) {
  const { t } = useSettingsT();
  const [open, setOpen] = useState(false);
  return (
    <div id="two-factor">
      <Switch
        label={t('fields.twoFactorAuth.label')}
        description={t('fields.twoFactorAuth.description')}
        checked={enabled}
        onCheckedChange={() => setOpen(true)}
      />
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t(enabled ? 'twoFactor.disableTitle' : 'twoFactor.enableTitle')}
        closeLabel={t('close')}
      >
        {open ? enabled ? <DisableFlow onDone={() => setOpen(false)} /> : <EnableFlow onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </div>
  );
}

function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    void queryClient.invalidateQueries({ queryKey: settingsQueryKey });
  };
}

function EnableFlow({ onDone }: { onDone: () => void }) {
  const { t, rawT } = useSettingsT();
  const id = useId();
  const refresh = useRefreshAccount();
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const scanUri = step.name === 'scan' ? step.uri : null;
  useEffect(() => {
    if (!scanUri) return;
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(scanUri, { margin: 1, width: 220, errorCorrectionLevel: 'M' }))
      .then((qr) => {
        if (live) setStep((s) => (s.name === 'scan' ? { ...s, qr } : s));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [scanUri]);

  const start = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError(t('errors.passwordRequired'));
      document.getElementById(`${id}-password`)?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      const started = await apiCall(enableTwoFactor, { body: { password } });
      setPassword('');
      setStep({ name: 'scan', uri: started.totpUri, backupCodes: started.backupCodes, qr: null });
    } catch (caught) {
      setError(errorMessage(caught, rawT));
      document.getElementById(`${id}-password`)?.focus();
    }
    setPending(false);
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(value)) {
      setError(t('errors.codeInvalid'));
      document.getElementById(`${id}-code`)?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      await apiCall(confirmTwoFactor, { body: { code: value } });
      toast.success(t('twoFactor.enabled'));
      refresh();
      onDone();
      return;
    } catch (caught) {
      setError(errorMessage(caught, rawT));
      document.getElementById(`${id}-code`)?.focus();
    }
    setPending(false);
  };

  if (step.name === 'password') {
    return (
      <PasswordStep
        id={id}
        intro={t('twoFactor.passwordIntro')}
        submit={t(pending ? 'pending' : 'twoFactor.continue')}
        password={password}
        onPassword={setPassword}
        error={error}
        pending={pending}
        onSubmit={(event) => void start(event)}
      />
    );
  }

  return (
    <form noValidate onSubmit={(event) => void confirm(event)} className="flex flex-col gap-4">
      <p>{t('twoFactor.scanIntro')}</p>
      <EnrolmentKey uri={step.uri} qr={step.qr} backupCodes={step.backupCodes} />
      <TextField
        announceError
        id={`${id}-code`}
        label={t('twoFactor.code')}
        hint={t('twoFactor.codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <Button type="submit" disabled={pending}>
        {t(pending ? 'pending' : 'twoFactor.confirm')}
      </Button>
    </form>
  );
}

/** What the authenticator app needs (QR code, typed secret or raw URI) and the backup codes to keep, shown once. */
function EnrolmentKey({ uri, qr, backupCodes }: { uri: string; qr: string | null; backupCodes: string[] }) {
  const { t } = useSettingsT();
  const secret = totpSecret(uri);
  return (
    <>
      <div className="flex justify-center">
        {qr ? (
          <img src={qr} alt={t('twoFactor.qrAlt')} width={220} height={220} className="rounded-lg bg-white p-2" />
        ) : (
          <div className="size-[220px] rounded-lg bg-surface-strong" />
        )}
      </div>
      {secret ? (
        <div>
          <p className="text-sm font-medium">{t('twoFactor.secretLabel')}</p>
          <p className="font-mono text-lg break-all" data-testid="totp-secret">
            {groupSecret(secret)}
          </p>
        </div>
      ) : null}
      <details className="rounded-lg border border-line p-3">
        <summary className="min-h-11 cursor-pointer content-center font-medium">{t('twoFactor.uriLabel')}</summary>
        <p className="font-mono text-xs break-all" data-testid="totp-uri">
          {uri}
        </p>
      </details>
      <div>
        <h3 className="font-semibold">{t('twoFactor.backupTitle')}</h3>
        <p className="text-sm text-muted">{t('twoFactor.backupIntro')}</p>
        <ul className="mt-2 grid grid-cols-2 gap-1 font-mono" data-testid="backup-codes" aria-label={t('twoFactor.backupTitle')}>
          {backupCodes.map((backupCode) => (
            <li key={backupCode}>{backupCode}</li>
          ))}
        </ul>
      </div>
    </>
  );
}

function DisableFlow({ onDone }: { onDone: () => void }) {
  const { t, rawT } = useSettingsT();
  const id = useId();
  const refresh = useRefreshAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError(t('errors.passwordRequired'));
      document.getElementById(`${id}-password`)?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      await apiCall(disableTwoFactor, { body: { password } });
      toast.success(t('twoFactor.disabled'));
      refresh();
      onDone();
      return;
    } catch (caught) {
      setError(errorMessage(caught, rawT));
      document.getElementById(`${id}-password`)?.focus();
    }
    setPending(false);
  };

  return (
    <PasswordStep
      id={id}
      intro={t('twoFactor.disableIntro')}
      submit={t(pending ? 'pending' : 'twoFactor.disableSubmit')}
      password={password}
      onPassword={setPassword}
      error={error}
      pending={pending}
      onSubmit={(event) => void submit(event)}
    />
  );
}

/** The password asked before turning the second factor on or off (the field `${id}-password`, focused on an error). */
function PasswordStep(props: {
  id: string;
  intro: string;
  submit: string;
  password: string;
  onPassword: (password: string) => void;
  error: string | null;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useSettingsT();
  return (
    <form noValidate onSubmit={props.onSubmit} className="flex flex-col gap-4">
      <p>{props.intro}</p>
      <TextField
        announceError
        id={`${props.id}-password`}
        label={t('twoFactor.password')}
        type="password"
        autoComplete="current-password"
        value={props.password}
        onChange={(event) => props.onPassword(event.target.value)}
        error={props.error}
      />
      <Button type="submit" disabled={props.pending}>
        {props.submit}
      </Button>
    </form>
  );
}
