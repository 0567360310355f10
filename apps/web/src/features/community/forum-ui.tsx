import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isBannedForGood, type ForumMe } from '@glucosuivi/domain/community/community.schemas';
import { buttonClasses } from '@/components/ui/button-styles';
import { useSession } from '@/lib/session';
import { useForumMe } from './community-api';
import { PseudonymForm } from './PseudonymForm';

/** A date as the reader's language writes it (day, month, year). */
export function useFormatDate() {
  const { i18n } = useTranslation();
  return (iso: string, withTime = false) =>
    new Date(iso).toLocaleString(i18n.language, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    });
}

export function Breadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  const { t } = useTranslation('community');
  return (
    <nav aria-label={t('breadcrumb')}>
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {items.map((item, index) => (
          <li key={item.label} className="flex items-center gap-1">
            {index > 0 ? <span aria-hidden="true">›</span> : null}
            {item.to ? (
              <Link to={item.to} className="inline-flex min-h-11 items-center font-medium text-primary underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Previous / next with where the reader is; links, so every page has its own address. */
export function Pager({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation('community');
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('pager.label')} className="flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={buttonClasses('secondary')}>
          {t('pager.previous')}
        </Link>
      ) : null}
      <span>{t('pager.status', { page, count: pageCount })}</span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={buttonClasses('secondary')}>
          {t('pager.next')}
        </Link>
      ) : null}
    </nav>
  );
}

export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'error' }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : undefined}
      className={
        tone === 'error'
          ? 'rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100'
          : 'rounded-lg border border-line bg-surface p-3'
      }
    >
      {children}
    </p>
  );
}

function BanNotice({ me }: { me: ForumMe }) {
  const { t } = useTranslation('community');
  const format = useFormatDate();
  const reason = me.banReason ?? '';
  return (
    <Notice tone="error">
      {isBannedForGood(me.bannedUntil!) ? t('bannedForGood', { reason }) : t('banned', { date: format(me.bannedUntil!), reason })}
    </Notice>
  );
}

/**
 * What stands between a reader and a form: a signed-out visitor is invited to sign in, a member
 * without a pseudonym chooses one, a banned member is told until when; the others get the form.
 */
export function Participation({ children }: { children: (me: ForumMe) => ReactNode }) {
  const { t } = useTranslation('community');
  const { user, isPending } = useSession();
  const me = useForumMe(Boolean(user));
  if (isPending) return null;
  if (!user) {
    return (
      <p className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface p-4 font-medium">
        {t('signIn.text')}
        <Link to="/auth" className={buttonClasses('primary')}>
          {t('signIn.link')}
        </Link>
      </p>
    );
  }
  if (!me.data) return null;
  if (me.data.bannedUntil) return <BanNotice me={me.data} />;
  if (!me.data.pseudonym) return <PseudonymForm />;
  return <>{children(me.data)}</>;
}
