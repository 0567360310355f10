import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CircleAlert, UserMinus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { resendInvitation, revokeInvitation, revokeLink } from '@glucosuivi/domain/care-team/care-team.contract';
import type { CareTeamMember, Invitation } from '@glucosuivi/domain/care-team/care-team.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { CategoryCheckboxes } from './CategoryCheckboxes';
import { careTeamKeys } from '@/lib/queries/query-keys';
import { useCareTeam, useInvitations, useUpdateCategories } from './care-team-api';
import { toggleCategory, type ShareCategory } from './categories';
import { formatDay } from './format';
import { InviteProfessionalForm } from './InviteProfessionalForm';

export const CARE_TEAM_ANCHOR = 'care-team';

/** "Mon équipe de soins": who follows me, what each one sees, the invitations I sent, and a way to add someone. */
export function CareTeamSection({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('careTeam');
  const team = useCareTeam();
  const invitations = useInvitations();
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  // Arriving from the acceptance screen (/profil#care-team): show the section and move focus to it.
  useEffect(() => {
    if (hash === `#${CARE_TEAM_ANCHOR}` && team.isSuccess) {
      heading.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus();
    }
  }, [hash, team.isSuccess]);
  // Invitations I sent that still wait for an answer; an expired one can be sent again.
  const pending = (invitations.data?.items ?? []).filter(
    (i) => i.direction === 'patient_to_professional' && (i.status === 'pending' || i.status === 'expired'),
  );

  return (
    <section id={CARE_TEAM_ANCHOR} aria-labelledby="care-team-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <div>
        <h2 id="care-team-title" ref={heading} tabIndex={-1} className="text-xl font-semibold">
          {t('team.title')}
        </h2>
        <p className="text-sm text-muted">{t('team.intro')}</p>
      </div>
      {team.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : team.isError ? (
        <p role="alert">{errorMessage(team.error, t)}</p>
      ) : team.data.items.length === 0 ? (
        <p className="rounded-lg bg-surface p-3" data-testid="care-team-empty">
          {t('team.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('team.listLabel')}>
          {team.data.items.map((member) => (
            <li key={member.linkId}>
              <MemberCard member={member} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
      {pending.length > 0 ? (
        <div>
          <h3 className="mb-2 text-lg font-semibold">{t('pending.title')}</h3>
          <ul className="flex flex-col gap-2">
            {pending.map((invitation) => (
              <li key={invitation.id}>
                <PendingInvitation invitation={invitation} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <InviteProfessionalForm />
    </section>
  );
}

export function professionalName(member: Pick<CareTeamMember, 'professional'>): string {
  return [member.professional.firstName, member.professional.lastName].filter(Boolean).join(' ');
}

function MemberCard({ member, timeZone }: { member: CareTeamMember; timeZone: string }) {
  const { t, i18n } = useTranslation('careTeam');
  const language = i18n.resolvedLanguage ?? 'fr';
  const update = useUpdateCategories();
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const name = professionalName(member);
  const revoke = useMutation({
    mutationFn: () => apiCall(revokeLink, { params: { id: member.linkId } }),
    onSuccess: () => {
      setConfirming(false);
      toast.success(t('team.revoked', { name }));
      void queryClient.invalidateQueries({ queryKey: careTeamKeys.team });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  // The box follows the click in the same frame: the cache's optimistic update lands only after
  // in-flight reads are cancelled, and a controlled checkbox would flick back meanwhile.
  const [shownCategories, setShownCategories] = useState<readonly ShareCategory[] | null>(null);
  const categories = shownCategories ?? member.categories;
  const onToggle = (category: ShareCategory, checked: boolean) => {
    const next = toggleCategory(categories, category, checked);
    // A link shares at least one category; sharing nothing is ending the link (revoke).
    if (next.length === 0) {
      toast.error(t('team.lastCategory'));
      return;
    }
    setShownCategories(next);
    update.mutate({ linkId: member.linkId, categories: next }, { onSettled: () => setShownCategories(null) });
  };
  const { professional } = member;
  return (
    <article aria-labelledby={`member-${member.linkId}`} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3 sm:p-4" data-testid="care-team-member">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`member-${member.linkId}`} className="text-lg font-semibold">
            {name}
          </h3>
          <p className="text-sm">{professional.specialityName ?? t('team.noSpeciality')}</p>
          <p className="mt-1 inline-flex items-center gap-1 text-sm">
            {professional.verified ? (
              <>
                <BadgeCheck aria-hidden="true" className="size-4 text-green-700 dark:text-green-300" />
                {t('team.verified')}
              </>
            ) : (
              <>
                <CircleAlert aria-hidden="true" className="size-4 text-amber-700 dark:text-amber-300" />
                {t('team.notVerified')}
              </>
            )}
          </p>
          <p className="text-sm text-muted">{t('team.since', { date: formatDay(member.since, language, timeZone) })}</p>
        </div>
        <Dialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('team.revokeTitle', { name })}
          description={t('team.revokeText', { name })}
          closeLabel={t('close')}
          trigger={
            <Button variant="secondary">
              <UserMinus aria-hidden="true" className="size-4" />
              {t('team.revoke')}
              <span className="sr-only"> {name}</span>
            </Button>
          }
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
            <Button onClick={() => revoke.mutate()} disabled={revoke.isPending} className="bg-red-700 hover:bg-red-800 dark:bg-red-700">
              {revoke.isPending ? t('team.revoking') : t('team.revokeConfirm')}
            </Button>
          </div>
        </Dialog>
      </div>
      <CategoryCheckboxes legend={t('team.categoriesLegend', { name })} value={categories} onToggle={onToggle} compact />
    </article>
  );
}

function PendingInvitation({ invitation, timeZone }: { invitation: Invitation; timeZone: string }) {
  const { t, i18n } = useTranslation('careTeam');
  const language = i18n.resolvedLanguage ?? 'fr';
  const queryClient = useQueryClient();
  const done = (key: string) => () => {
    toast.success(t(key));
    void queryClient.invalidateQueries({ queryKey: careTeamKeys.invitations });
  };
  const resend = useMutation({ mutationFn: () => apiCall(resendInvitation, { params: { id: invitation.id } }), onSuccess: done('pending.resent'), onError: (e) => toast.error(errorMessage(e, t)) });
  const cancel = useMutation({ mutationFn: () => apiCall(revokeInvitation, { params: { id: invitation.id } }), onSuccess: done('pending.cancelled'), onError: (e) => toast.error(errorMessage(e, t)) });
  const who = invitation.invitedEmail ?? invitation.inviterName;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface p-3" data-testid="pending-invitation">
      <div>
        <p className="font-medium break-all">{who}</p>
        <p className="text-sm text-muted">
          {t(invitation.status === 'expired' ? 'pending.expired' : 'pending.expires', { date: formatDateTime(invitation.expiresAt, language, timeZone) })}
          {invitation.categories ? ` · ${invitation.categories.map((c) => t(`categories.${c}.label`)).join(', ')}` : null}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {t('pending.resend')}
          <span className="sr-only"> {who}</span>
        </Button>
        <Button variant="ghost" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
          {t('pending.cancel')}
          <span className="sr-only"> {who}</span>
        </Button>
      </div>
    </div>
  );
}
