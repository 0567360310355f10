import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getAccessLog } from '@glucosuivi/domain/care-team/care-team.contract';
import type { AccessLogEntry } from '@glucosuivi/domain/care-team/care-team.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { careTeamKeys } from '@/lib/queries/query-keys';

export const ACCESS_LOG_PAGE = 20;

/** The share link's default name on the server ("Lien sécurisé"), replaced by the reader's language. */
const SERVER_SHARE_LINK_NAME = 'Lien sécurisé';

/** "Qui a consulté mes données": every read by someone else, newest first, a page at a time. */
export function AccessLogSection({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation('careTeam');
  const language = i18n.resolvedLanguage ?? 'fr';
  const log = useInfiniteQuery({
    queryKey: careTeamKeys.accessLog,
    queryFn: ({ pageParam, signal }) => apiCall(getAccessLog, { query: { limit: ACCESS_LOG_PAGE, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const who = (entry: AccessLogEntry) =>
    entry.actorKind === 'share_link'
      ? entry.actorName === SERVER_SHARE_LINK_NAME
        ? t('log.shareLink')
        : t('log.namedShareLink', { name: entry.actorName })
      : entry.actorName;
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section id="access-log" aria-labelledby="access-log-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <div>
        <h2 id="access-log-title" className="text-xl font-semibold">
          {t('log.title')}
        </h2>
        <p className="text-sm text-muted">{t('log.intro')}</p>
      </div>
      {log.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : log.isError ? (
        <p role="alert">{errorMessage(log.error, t)}</p>
      ) : entries.length === 0 ? (
        <p className="rounded-lg bg-surface p-3">{t('log.empty')}</p>
      ) : (
        <>
          {/* Focusable so keyboard users can scroll it sideways on a narrow screen. */}
          <div role="region" aria-label={t('log.caption')} tabIndex={0} className="overflow-x-auto rounded-lg focus-visible:outline-3 focus-visible:outline-focus">
            <table className="w-full border-collapse text-left text-sm" data-testid="access-log">
              <caption className="sr-only">{t('log.caption')}</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t('log.who')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t('log.what')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t('log.when')}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    {t('log.client')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} className="border-b border-line last:border-0">
                    <td className="py-2 pr-3">{who(entry)}</td>
                    <td className="py-2 pr-3">{t(`categories.${entry.category}.label`)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      <time dateTime={entry.at}>{formatDateTime(entry.at, language, timeZone)}</time>
                    </td>
                    <td className="py-2 break-words text-muted">{entry.client.userAgent ?? t('log.unknownClient')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {log.hasNextPage ? (
            <div>
              <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                {log.isFetchingNextPage ? t('loading') : t('log.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
