import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const LINKS = [
  { to: '/subscription', key: 'subscription' },
  { to: '/api-docs', key: 'api' },
  { to: '/support', key: 'helpCenter' },
  { to: '/support', key: 'contact' },
  { to: '/user-guide', key: 'userGuide' },
  { to: '/community-forum', key: 'community' },
  { to: '/privacy-policy', key: 'privacy' },
  { to: '/terms', key: 'terms' },
  { to: '/cookies', key: 'cookies' },
  { to: '/legal', key: 'legal' },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8">
        <nav aria-label={t('footer.navigation')}>
          <ul className="flex flex-wrap gap-x-2 gap-y-1">
            {LINKS.map(({ to, key }) => (
              <li key={key}>
                <Link to={to} className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm hover:underline">
                  {t(`footer.links.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-muted">{t('footer.tagline')}</p>
        <p className="text-sm text-muted">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
