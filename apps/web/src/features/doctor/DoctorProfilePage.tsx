import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CircleAlert, Clock, Copy } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { listSpecialties } from '@glucosuivi/domain/accounts/accounts.contract';
import { getDoctorProfile, updateDoctorProfile } from '@glucosuivi/domain/doctor/doctor.contract';
import type { DoctorProfile } from '@glucosuivi/domain/doctor/doctor.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { useGlucoseSettings } from '@/lib/queries/patient-data';
import { Button } from '@/components/ui/Button';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/errors';
import { professionalKeys } from '@/lib/queries/query-keys';
import { DoctorPage } from './DoctorPage';

/** A speciality's name in the reader's language when the sign-up form translates it, else as stored. */
function useSpecialityName() {
  const { t, i18n } = useTranslation('doctor');
  return (id: string, name: string) => (i18n.exists(`auth:specialities.${id}`) ? t(`auth:specialities.${id}`) : name);
}

/** The select's value for "no speciality" (an option value is never empty, SPEC §5). */
const NONE = 'none';

/** /doctor-profile: who the patients see, the verification of the RPPS number, the personal code. */
export function DoctorProfilePage() {
  const { t } = useTranslation('doctor');
  useDocumentTitle(t('profile.title'));
  const profile = useQuery({ queryKey: professionalKeys.profile, queryFn: ({ signal }) => apiCall(getDoctorProfile, { signal }) });
  return (
    <DoctorPage title={t('profile.title')} width="max-w-3xl">
      {profile.isPending ? (
        <LoadingScreen variant="doctor" />
      ) : profile.isError ? (
        <p role="alert" className="rounded-lg border border-line bg-surface p-4">
          {errorMessage(profile.error, t)}
        </p>
      ) : (
        <>
          <Identity profile={profile.data} />
          <InviteCode code={profile.data.inviteCode} />
          <SpecialityForm profile={profile.data} />
        </>
      )}
    </DoctorPage>
  );
}

function Identity({ profile }: { profile: DoctorProfile }) {
  const { t, i18n } = useTranslation('doctor');
  const language = i18n.resolvedLanguage ?? 'fr';
  const { timeZone } = useGlucoseSettings();
  const specialityName = useSpecialityName();
  const item = (label: string, value: string, testId?: string) => (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-medium break-all" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section aria-labelledby="doctor-identity-title" className="rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id="doctor-identity-title" className="mb-3 text-xl font-semibold">
        {t('profile.identity')}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        {item(t('profile.name'), `${profile.firstName} ${profile.lastName}`)}
        {item(t('profile.email'), profile.email)}
        {item(t('profile.speciality'), profile.speciality ? specialityName(profile.speciality, profile.specialityName ?? profile.speciality) : t('profile.noSpeciality'))}
        {item(t('profile.licence'), profile.medicalLicense, 'doctor-licence')}
      </dl>
      <p className="mt-3 flex items-start gap-2" data-testid="doctor-verified">
        {profile.verified ? (
          <>
            <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-300" />
            <span>{t('profile.verified', { date: profile.verifiedAt ? formatDateTime(profile.verifiedAt, language, timeZone) : '—' })}</span>
          </>
        ) : profile.rejectedAt ? (
          <>
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300" />
            <span>{t('profile.rejected', { date: formatDateTime(profile.rejectedAt, language, timeZone), reason: profile.rejectionReason ?? '—' })}</span>
          </>
        ) : (
          <>
            <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" />
            <span>{t('profile.notVerified')}</span>
          </>
        )}
      </p>
      <p className="mt-2 text-sm text-muted">{t('profile.identityHint')}</p>
    </section>
  );
}

function InviteCode({ code }: { code: string }) {
  const { t } = useTranslation('doctor');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast.success(t('profile.copied'));
    } catch {
      // Clipboard refused (permissions, insecure context): the code stays on screen to copy by hand.
      toast.error(t('profile.copyFailed'));
    }
  };
  return (
    <section aria-labelledby="doctor-code-title" className="rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id="doctor-code-title" className="mb-2 text-xl font-semibold">
        {t('profile.codeTitle')}
      </h2>
      <p id="doctor-code-text" className="mb-3 max-w-prose">
        {t('profile.codeText')}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <output aria-labelledby="doctor-code-title" className="rounded-lg border-2 border-dashed border-line-strong bg-surface px-4 py-2 font-mono text-2xl font-bold tracking-widest" data-testid="invite-code">
          {code}
        </output>
        <Button variant="secondary" onClick={() => void copy()} aria-describedby="doctor-code-text">
          <Copy aria-hidden="true" className="size-4" />
          {copied ? t('profile.copiedShort') : t('profile.copy')}
        </Button>
      </div>
    </section>
  );
}

function SpecialityForm({ profile }: { profile: DoctorProfile }) {
  const { t } = useTranslation('doctor');
  const id = useId();
  const queryClient = useQueryClient();
  const specialityName = useSpecialityName();
  const specialties = useQuery({ queryKey: ['specialties'], queryFn: ({ signal }) => apiCall(listSpecialties, { signal }) });
  const [value, setValue] = useState(profile.speciality ?? NONE);
  const save = useMutation({
    mutationFn: (speciality: string | null) => apiCall(updateDoctorProfile, { body: { speciality } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(professionalKeys.profile, saved);
      toast.success(t('profile.saved'));
    },
    onError: (e) => toast.error(errorMessage(e, t)),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(value === NONE ? null : value);
  };
  return (
    <section aria-labelledby="doctor-speciality-title" className="rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id="doctor-speciality-title" className="mb-3 text-xl font-semibold">
        {t('profile.editTitle')}
      </h2>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-speciality`} className="font-medium">
            {t('profile.speciality')}
          </label>
          <select
            id={`${id}-speciality`}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            disabled={!specialties.data}
            className="min-h-11 min-w-56 rounded-lg border border-line-strong bg-surface px-3 text-base text-fg"
          >
            <option value={NONE}>{t('profile.noSpeciality')}</option>
            {specialties.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {specialityName(s.id, s.name)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={save.isPending || !specialties.data}>
          {save.isPending ? t('saving') : t('profile.save')}
        </Button>
      </form>
      {specialties.isError ? <p role="alert">{errorMessage(specialties.error, t)}</p> : null}
    </section>
  );
}
