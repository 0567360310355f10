import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { invitePatient, listInvitations, resendInvitation, revokeInvitation } from '@glucosuivi/domain/care-team/care-team.contract';
import { invitePatientSchema, type Invitation } from '@glucosuivi/domain/care-team/care-team.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { useGlucoseSettings } from '@/lib/queries/patient-data';
import { Button } from '@/components/ui/Button';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { ApiError, errorMessage } from '@/lib/errors';
import { professionalKeys } from '@/lib/queries/query-keys';
import { DoctorPage } from './DoctorPage';

const STATUS_CLASSES: Record<Invitation['status'], string> = {
  pending: 'border-sky-700 text-sky-900 dark:border-sky-300 dark:text-sky-100',
  accepted: 'border-emerald-700 text-emerald-900 dark:border-emerald-300 dark:text-emerald-100',
  declined: 'border-line-strong text-fg',
  expired: 'border-amber-700 text-amber-900 dark:border-amber-300 dark:text-amber-100',
  revoked: 'border-line-strong text-fg',
};

/** Only an unanswered invitation I sent can be sent again or withdrawn (the server says the same). */
const answerable = (invitation: Invitation) => invitation.direction === 'professional_to_patient' && (invitation.status === 'pending' || invitation.status === 'expired');

/** /patient-invitations: invite a patient by e-mail and follow the invitations sent. */
export function InvitationsPage() {
  const { t } = useTranslation('doctor');
  useDocumentTitle(t('invitations.title'));
  const invitations = useQuery({ queryKey: professionalKeys.invitations, queryFn: ({ signal }) => apiCall(listInvitations, { signal }) });
  return (
    <DoctorPage title={t('invitations.title')} intro={<p>{t('invitations.intro')}</p>} width="max-w-4xl">
      <InviteForm />
      <section aria-labelledby="invitations-list-title" className="rounded-2xl border border-line bg-canvas p-4 sm:p-5">
        <h2 id="invitations-list-title" className="mb-3 text-xl font-semibold">
          {t('invitations.listTitle')}
        </h2>
        {invitations.isPending ? (
          <LoadingScreen variant="doctor" />
        ) : invitations.isError ? (
          <p role="alert">{errorMessage(invitations.error, t)}</p>
        ) : invitations.data.items.length === 0 ? (
          <p className="text-muted">{t('invitations.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="invitation-list">
            {invitations.data.items.map((invitation) => (
              <InvitationItem key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        )}
      </section>
    </DoctorPage>
  );
}

function InviteForm() {
  const { t } = useTranslation('doctor');
  const id = useId();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (body: { email: string }) => apiCall(invitePatient, { body }),
    onSuccess: (invitation) => {
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: professionalKeys.invitations });
      toast.success(t('invitations.sent', { email: invitation.invitedEmail ?? '' }));
    },
    onError: (e) => {
      // Inviting oneself is the one conflict a professional can cause here.
      if (e instanceof ApiError && e.code === 'conflict') setError(t('invitations.errors.self'));
      else toast.error(errorMessage(e, t));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = invitePatientSchema.safeParse({ email: email.trim() });
    if (!parsed.success) {
      setError(t(email.trim() ? 'invitations.errors.email' : 'invitations.errors.required'));
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setError(null);
    invite.mutate(parsed.data);
  };
  return (
    <section aria-labelledby="invite-title" className="rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id="invite-title" className="mb-3 text-xl font-semibold">
        {t('invitations.inviteTitle')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <label htmlFor={`${id}-email`} className="font-medium">
          {t('invitations.email')}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {t('invitations.emailHint')}
        </p>
        <div className="flex flex-wrap items-start gap-2">
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            maxLength={254}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            className="min-h-11 w-full max-w-md rounded-lg border border-line-strong bg-surface px-3 text-base text-fg aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300"
          />
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? t('invitations.sending') : t('invitations.send')}
          </Button>
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}

function InvitationItem({ invitation }: { invitation: Invitation }) {
  const { t, i18n } = useTranslation('doctor');
  const language = i18n.resolvedLanguage ?? 'fr';
  const { timeZone } = useGlucoseSettings();
  const queryClient = useQueryClient();
  const who = invitation.direction === 'professional_to_patient' ? (invitation.invitedEmail ?? '—') : invitation.inviterName;
  const act = useMutation({
    mutationFn: (action: 'resend' | 'revoke') => apiCall(action === 'resend' ? resendInvitation : revokeInvitation, { params: { id: invitation.id } }),
    onSuccess: (_saved, action) => {
      void queryClient.invalidateQueries({ queryKey: professionalKeys.invitations });
      toast.success(t(action === 'resend' ? 'invitations.resent' : 'invitations.revoked', { email: who }));
    },
    onError: (e) => {
      void queryClient.invalidateQueries({ queryKey: professionalKeys.invitations });
      toast.error(errorMessage(e, t));
    },
  });
  const when = (at: string) => formatDateTime(at, language, timeZone);
  const titleId = `invitation-${invitation.id}`;
  return (
    <li className="rounded-xl border border-line bg-surface p-3" data-testid="invitation" data-status={invitation.status}>
      <article aria-labelledby={titleId} className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold break-all">
            {who}
          </h3>
          <p className="text-sm text-muted">
            {t(`invitations.direction.${invitation.direction}`)} · {t('invitations.sentAt', { date: when(invitation.createdAt) })}
          </p>
          <p className="text-sm text-muted">
            {invitation.status === 'pending'
              ? t('invitations.expiresAt', { date: when(invitation.expiresAt) })
              : invitation.status === 'expired'
                ? t('invitations.expiredAt', { date: when(invitation.expiresAt) })
                : invitation.respondedAt
                  ? t('invitations.respondedAt', { date: when(invitation.respondedAt) })
                  : null}
          </p>
        </div>
        <div className="flex flex-col items-end gap-2">
          <span className={`inline-flex items-center rounded-full border-2 px-3 py-0.5 text-sm font-semibold ${STATUS_CLASSES[invitation.status]}`} data-testid="invitation-status">
            <span className="sr-only">{t('invitations.statusLabel')} </span>
            {t(`invitations.status.${invitation.status}`)}
          </span>
          {answerable(invitation) ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" disabled={act.isPending} onClick={() => act.mutate('resend')} aria-describedby={titleId}>
                {t('invitations.resend')}
              </Button>
              <Button variant="secondary" disabled={act.isPending} onClick={() => act.mutate('revoke')} aria-describedby={titleId}>
                {t('invitations.revoke')}
              </Button>
            </div>
          ) : null}
        </div>
      </article>
    </li>
  );
}
