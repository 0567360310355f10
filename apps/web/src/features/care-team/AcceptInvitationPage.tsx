import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailOpen, UserPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { acceptInvitation, declineInvitation, previewInvitation } from '@glucosuivi/domain/care-team/care-team.contract';
import { tokenSchema, type InvitationPreview, type ShareCategory } from '@glucosuivi/domain/care-team/care-team.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { ApiError, errorMessage } from '@/lib/errors';
import { homeFor, useSession, type SessionUser } from '@/lib/session';
import { CategoryCheckboxes } from './CategoryCheckboxes';
import { careTeamKeys } from '@/lib/queries/query-keys';
import { toggleCategory } from './categories';

/** Where the patient lands after accepting: the care team section of the profile. */
export const AFTER_ACCEPT = '/profil#care-team';

/** `otherAccount`: an e-mailed invitation answers only the account of the invited address. */
type Closed = 'invalid' | 'expired' | 'revoked' | 'accepted' | 'declined' | 'otherAccount';

/** The reader's own zone: the invitation may be read before any settings exist. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * /invitations/accept?token=… — the page an invitation e-mail links to. Signed out: what it is
 * and the way to sign in or create an account (coming back here). Signed in: who invites, the
 * categories to share (a patient chooses them), Accept or Decline.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation('careTeam');
  useDocumentTitle(t('accept.title'));
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { user, isPending } = useSession();
  if (isPending) return <LoadingScreen />;
  if (!tokenSchema.safeParse(token).success) return <ClosedInvitation reason="invalid" />;
  return <WithPreview token={token} user={user} />;
}

/** Loads the preview (reduced when signed out) and shows the page for its state. */
function WithPreview({ token, user }: { token: string; user: SessionUser | null }) {
  const { t } = useTranslation('careTeam');
  const preview = useQuery({
    // Signed out and signed in get different answers: the session is part of the key.
    queryKey: ['care-team', 'invitation-preview', token, user?.id ?? null],
    queryFn: ({ signal }) => apiCall(previewInvitation, { body: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const home = user ? homeFor(user) : undefined;
  if (preview.isPending) return <LoadingScreen />;
  if (preview.isError) {
    // not_found: unknown token, already replaced by a resend, or meant for the other side.
    if (preview.error instanceof ApiError && preview.error.code === 'not_found') return <ClosedInvitation reason="invalid" home={home} />;
    if (preview.error instanceof ApiError && preview.error.code === 'forbidden') return <ClosedInvitation reason="otherAccount" home={home} />;
    return (
      <Frame>
        <h1 className="text-2xl font-bold">{t('accept.title')}</h1>
        <p role="alert">{errorMessage(preview.error, t)}</p>
      </Frame>
    );
  }
  if (preview.data.status !== 'pending') return <ClosedInvitation reason={preview.data.status} home={home} />;
  if (!user || !home) return <SignedOut preview={preview.data} />;
  return <Answer token={token} preview={preview.data} user={user} home={home} />;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-8">
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-canvas p-5 shadow-sm sm:p-6">{children}</div>
    </div>
  );
}

function SignedOut({ preview }: { preview: InvitationPreview }) {
  const { t, i18n } = useTranslation('careTeam');
  const language = i18n.resolvedLanguage ?? 'fr';
  const location = useLocation();
  // Back to this very page (with its token) after signing in or creating the account.
  const next = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <Frame>
      <MailOpen aria-hidden="true" className="mx-auto size-10 text-primary" />
      <h1 className="text-center text-2xl font-bold sm:text-3xl">{t('accept.title')}</h1>
      <div className="rounded-xl bg-surface p-4" data-testid="invitation-preview">
        <p className="text-lg font-semibold">{preview.inviterName}</p>
        <p className="mt-1">{t(preview.direction === 'professional_to_patient' ? 'accept.signedOutText' : 'accept.patientInvites', { name: preview.inviterName })}</p>
        <p className="text-sm text-muted">{t('accept.expires', { date: formatDateTime(preview.expiresAt, language, browserTimeZone()) })}</p>
      </div>
      <p className="text-sm text-muted">{t('accept.signedOutHint')}</p>
      <div className="flex flex-wrap gap-3">
        <Link to={`/auth?next=${next}`} className={buttonClasses('primary')} data-button>
          {t('accept.signIn')}
        </Link>
        <Link to={`/auth?mode=register&next=${next}`} className={buttonClasses('secondary')} data-button>
          <UserPlus aria-hidden="true" className="size-4" />
          {t('accept.signUp')}
        </Link>
      </div>
    </Frame>
  );
}

function ClosedInvitation({ reason, home }: { reason: Closed; home?: string }) {
  const { t } = useTranslation('careTeam');
  return (
    <Frame>
      <h1 className="text-2xl font-bold sm:text-3xl" data-testid="invitation-closed">
        {t(`accept.closed.${reason}.title`)}
      </h1>
      <p>{t(`accept.closed.${reason}.text`)}</p>
      <div>
        <Link to={home ?? '/'} className={buttonClasses('secondary')} data-button>
          {t(home ? 'accept.goHome' : 'accept.goSite')}
        </Link>
      </div>
    </Frame>
  );
}

function Answer({ token, preview, user, home }: { token: string; preview: InvitationPreview; user: SessionUser; home: string }) {
  const { t, i18n } = useTranslation('careTeam');
  const language = i18n.resolvedLanguage ?? 'fr';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const patientChooses = preview.direction === 'professional_to_patient';
  const [categories, setCategories] = useState<ShareCategory[]>([]);
  const [categoriesError, setCategoriesError] = useState(false);
  const [declined, setDeclined] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const onFailure = (error: unknown) => {
    // conflict: answered, expired or withdrawn meanwhile (message `invitation_<status>`);
    // forbidden: the invitation was e-mailed to another address than this account's.
    const code = error instanceof ApiError ? error.code : undefined;
    setServerError(
      code === 'conflict' ? t('accept.errors.noLongerPending') : code === 'forbidden' ? t('accept.closed.otherAccount.text') : errorMessage(error, t),
    );
  };
  const accept = useMutation({
    mutationFn: () => apiCall(acceptInvitation, { body: patientChooses ? { token, categories } : { token } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: careTeamKeys.all });
      toast.success(t(patientChooses ? 'accept.accepted' : 'accept.acceptedByProfessional', { name: preview.inviterName }));
      void navigate(user.userType === 'patient' ? AFTER_ACCEPT : home, { replace: true });
    },
    onError: onFailure,
  });
  const decline = useMutation({
    mutationFn: () => apiCall(declineInvitation, { body: { token } }),
    onSuccess: () => setDeclined(true),
    onError: onFailure,
  });
  if (declined) return <ClosedInvitation reason="declined" home={home} />;
  const onAccept = () => {
    setServerError(null);
    if (patientChooses && categories.length === 0) {
      setCategoriesError(true);
      document.getElementById('accept-categories')?.querySelector('input')?.focus();
      return;
    }
    accept.mutate();
  };
  const busy = accept.isPending || decline.isPending;
  return (
    <Frame>
      <MailOpen aria-hidden="true" className="mx-auto size-10 text-primary" />
      <h1 className="text-center text-2xl font-bold sm:text-3xl">{t('accept.title')}</h1>
      <div className="rounded-xl bg-surface p-4" data-testid="invitation-preview">
        <p className="text-lg font-semibold">{preview.inviterName}</p>
        {preview.professional ? (
          <p className="text-sm">
            {preview.professional.specialityName ?? t('team.noSpeciality')} · {preview.professional.verified ? t('team.verified') : t('team.notVerified')}
          </p>
        ) : null}
        <p className="mt-1">{t(patientChooses ? 'accept.professionalInvites' : 'accept.patientInvites', { name: preview.inviterName })}</p>
        <p className="text-sm text-muted">{t('accept.expires', { date: formatDateTime(preview.expiresAt, language, browserTimeZone()) })}</p>
      </div>
      {patientChooses ? (
        <div id="accept-categories">
          <CategoryCheckboxes
            legend={t('accept.categoriesLegend', { name: preview.inviterName })}
            value={categories}
            error={categoriesError ? t('invite.errors.categoriesRequired') : undefined}
            onToggle={(category, checked) => {
              setCategories((c) => toggleCategory(c, category, checked));
              setCategoriesError(false);
            }}
          />
          <p className="mt-2 text-sm text-muted">{t('accept.changeLater')}</p>
        </div>
      ) : (
        <div>
          <p className="font-medium">{t('accept.sharedWithYou')}</p>
          <ul className="mt-1 list-disc pl-6">
            {(preview.categories ?? []).map((c) => (
              <li key={c}>{t(`categories.${c}.label`)}</li>
            ))}
          </ul>
        </div>
      )}
      {serverError ? (
        <p role="alert" className="rounded-lg border border-red-700 p-3 text-sm font-medium text-red-700 dark:border-red-300 dark:text-red-300">
          {serverError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={onAccept} disabled={busy}>
          {accept.isPending ? t('accept.accepting') : t('accept.accept')}
        </Button>
        <Button variant="secondary" onClick={() => decline.mutate()} disabled={busy}>
          {decline.isPending ? t('accept.declining') : t('accept.decline')}
        </Button>
      </div>
    </Frame>
  );
}
