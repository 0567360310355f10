import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listSessions, revokeSession, signOut } from '@glucosuivi/domain/accounts/accounts.contract';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { clearSessionData } from '@/lib/session';
import { describeUserAgent } from './settings-api';
import { useSettingsT } from './settings-i18n';

const sessionsKey = ['accounts', 'sessions'] as const;

/** My active sessions: where and since when, end one, or sign out everywhere. */
export function SessionsSection() {
  const { t, rawT, i18n } = useSettingsT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => apiCall(listSessions, { signal }) });
  const revoke = useMutation({
    mutationFn: (id: string) => apiCall(revokeSession, { params: { id } }),
    onSuccess: () => {
      toast.success(t('sessions.ended'));
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: (error) => toast.error(errorMessage(error, rawT)),
  });
  const everywhere = useMutation({
    mutationFn: () => apiCall(signOut, { body: { everywhere: true } }),
    onSuccess: () => {
      toast.success(t('sessions.signedOutEverywhere'));
      clearSessionData(queryClient);
      void navigate('/', { replace: true });
    },
    onError: (error) => toast.error(errorMessage(error, rawT)),
  });
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'fr', { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section aria-labelledby="sessions-title" className="rounded-2xl border border-line bg-canvas p-5">
      <h2 id="sessions-title" className="mb-3 text-xl font-semibold">
        {t('sessions.title')}
      </h2>
      {sessions.isPending ? (
        <p>{t('loading')}</p>
      ) : sessions.isError ? (
        <p role="alert">{errorMessage(sessions.error, rawT)}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" aria-label={t('sessions.title')}>
          {sessions.data.map((session) => {
            const { browser, os } = describeUserAgent(session.userAgent);
            const device =
              browser && os ? t('sessions.device', { browser, os }) : (browser ?? os ?? t('sessions.unknownDevice'));
            return (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-medium">
                    {device}
                    {session.current ? (
                      <span className="ml-2 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-on-primary">
                        {t('sessions.current')}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-muted">
                    {t('sessions.started', { date: dateFormat.format(new Date(session.createdAt)) })}
                    {session.ipPrefix ? ` · ${t('sessions.network', { ip: session.ipPrefix })}` : ''}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="secondary"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(session.id)}
                    aria-label={t('sessions.endLabel', { device, date: dateFormat.format(new Date(session.createdAt)) })}
                  >
                    {t('sessions.end')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Button variant="secondary" className="mt-3" disabled={everywhere.isPending} onClick={() => everywhere.mutate()}>
        {t('sessions.signOutEverywhere')}
      </Button>
    </section>
  );
}
