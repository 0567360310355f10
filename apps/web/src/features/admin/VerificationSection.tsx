import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { listProfessionals, rejectProfessional, verifyProfessional } from '@glucosuivi/domain/admin/admin.contract';
import type { AdminProfessional, VerificationStatus } from '@glucosuivi/domain/admin/admin.schemas';
import { formatDay } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { isLanguage } from '@/lib/i18n';
import { adminKeys } from '@/lib/queries/query-keys';
import { AdminError, adminRetry, readerTimeZone } from './AdminError';
import { Pager } from './Pager';
import { ReasonDialog } from './ReasonDialog';

const STATUSES = ['pending', 'verified', 'rejected'] as const satisfies readonly VerificationStatus[];

/** "Vérification des professionnels": the queue of RPPS numbers to check, verify or refuse with a reason. */
export function VerificationSection() {
  const { t, i18n } = useTranslation('admin');
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'fr';
  const [status, setStatus] = useState<VerificationStatus>('pending');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: adminKeys.professionalList(status, language, page),
    queryFn: ({ signal }) => apiCall(listProfessionals, { query: { status, lang: language, page }, signal }),
    placeholderData: keepPreviousData,
    retry: adminRetry,
  });
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-prose text-muted">{t('verification.intro')}</p>
      <Select
        label={t('verification.filter')}
        value={status}
        options={STATUSES.map((value) => ({ value, label: t(`verification.filters.${value}`) }))}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : list.isError ? (
        <AdminError error={list.error} />
      ) : list.data.items.length === 0 ? (
        <p role="status" className="rounded-lg bg-surface p-3">
          {t(`verification.empty.${status}`)}
        </p>
      ) : (
        <>
          <p role="status" aria-live="polite" className="font-medium">
            {t('verification.count', { count: list.data.total })}
          </p>
          <ul className="grid gap-3 lg:grid-cols-2" aria-label={t(`verification.filters.${status}`)}>
            {list.data.items.map((professional) => (
              <ProfessionalCard key={professional.id} professional={professional} />
            ))}
          </ul>
          <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function ProfessionalCard({ professional }: { professional: AdminProfessional }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'fr';
  const zone = readerTimeZone();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.professionals });
    void queryClient.invalidateQueries({ queryKey: adminKeys.accounts });
  };
  const verify = useMutation({
    mutationFn: () => apiCall(verifyProfessional, { params: { id: professional.id } }),
    onSuccess: () => {
      toast.success(t('verification.verified', { name: professional.name }));
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const reject = useMutation({
    mutationFn: (reason: string) => apiCall(rejectProfessional, { params: { id: professional.id }, body: { reason } }),
    onSuccess: () => {
      setRejecting(false);
      toast.success(t('verification.rejected', { name: professional.name }));
      refresh();
    },
  });
  const titleId = `professional-${professional.id}`;
  const day = (at: string) => formatDay(at, language, zone);
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-4" data-testid="professional-card">
      <div>
        <h3 id={titleId} className="font-semibold break-words">
          {professional.name}
        </h3>
        <p className="text-sm break-all text-muted">{professional.email}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('verification.license')}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <span className="font-mono tabular-nums">{professional.medicalLicense}</span>
          {professional.licenseValid ? (
            <span className="inline-flex items-center gap-1 text-emerald-800 dark:text-emerald-200">
              <BadgeCheck aria-hidden="true" className="size-4" />
              {t('verification.checksumOk')}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 font-semibold text-red-700 dark:text-red-300">
              <CircleAlert aria-hidden="true" className="size-4" />
              {t('verification.checksumBad')}
            </span>
          )}
        </dd>
        <dt className="text-muted">{t('verification.speciality')}</dt>
        <dd>{professional.specialityName ?? t('verification.noSpeciality')}</dd>
        <dt className="text-muted">{t('verification.registered')}</dt>
        <dd>{day(professional.registeredAt)}</dd>
        <dt className="text-muted">{t('verification.state')}</dt>
        <dd>
          {professional.verifiedAt
            ? t('verification.verifiedOn', { date: day(professional.verifiedAt) })
            : professional.rejectedAt
              ? t('verification.rejectedOn', { date: day(professional.rejectedAt) })
              : t('verification.statuses.pending')}
          {professional.accountStatus === 'active' ? null : <span className="block font-semibold">{t(`accounts.statuses.${professional.accountStatus}`)}</span>}
        </dd>
        {professional.rejectionReason ? (
          <>
            <dt className="text-muted">{t('verification.reason')}</dt>
            <dd className="break-words">{professional.rejectionReason}</dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-2">
        {professional.status === 'verified' ? null : (
          <Button onClick={() => verify.mutate()} disabled={verify.isPending} aria-label={t('verification.verifyLabel', { name: professional.name })}>
            {t('verification.verify')}
          </Button>
        )}
        {professional.status === 'rejected' ? null : (
          <ReasonDialog
            open={rejecting}
            onOpenChange={(open) => {
              setRejecting(open);
              if (!open) reject.reset();
            }}
            trigger={
              <Button variant="secondary" aria-label={t('verification.rejectLabel', { name: professional.name })}>
                {t('verification.reject')}
              </Button>
            }
            title={t('verification.rejectTitle', { name: professional.name })}
            description={t('verification.rejectText')}
            submitLabel={t('verification.rejectSubmit')}
            pending={reject.isPending}
            serverError={reject.isError ? errorMessage(reject.error, t) : null}
            onSubmit={(reason) => reject.mutate(reason)}
          />
        )}
      </div>
    </li>
  );
}
