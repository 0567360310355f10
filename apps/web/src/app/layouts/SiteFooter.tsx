import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getSiteInfo } from '@glucosuivi/domain/site/site.contract';
import { apiCall } from '@/lib/api-client';
import { useCurrentYear } from '@/lib/current-year';

const GROUPS = [
  {
    key: 'product',
    links: [
      {
        to: { pathname: '/', hash: '#features' },
        key: 'features',
        label: 'landing:footer.links.features',
      },
      {
        to: { pathname: '/', hash: '#security' },
        key: 'security',
        label: 'landing:footer.links.security',
      },
      { to: '/subscription', key: 'subscription', label: 'footer.links.subscription' },
      { to: '/api-docs', key: 'api', label: 'footer.links.api' },
    ],
  },
  {
    key: 'help',
    links: [
      { to: '/user-guide', key: 'userGuide', label: 'footer.links.userGuide' },
      { to: '/help-center', key: 'helpCenter', label: 'footer.links.helpCenter' },
      { to: '/support', key: 'support', label: 'landing:footer.links.support' },
      { to: '/community-forum', key: 'community', label: 'footer.links.community' },
    ],
  },
  {
    key: 'legal',
    links: [
      { to: '/privacy-policy', key: 'privacy', label: 'footer.links.privacy' },
      { to: '/terms', key: 'terms', label: 'footer.links.terms' },
      { to: '/cookies', key: 'cookies', label: 'footer.links.cookies' },
      { to: '/legal', key: 'legal', label: 'footer.links.legal' },
    ],
  },
] as const;

/** The footer's contact details (spec §1); the postal address is the instance's (LEGAL_ADDRESS). */
const CONTACT_EMAIL = 'contact@glucosuivi.fr';

const linkClass = 'inline-flex min-h-11 items-center rounded-lg text-sm hover:underline';

export function SiteFooter() {
  const { t } = useTranslation();
  const year = useCurrentYear();
  // Each self-hosted instance has its own publisher: the address comes from the server's
  // configuration, and without one the line is left out rather than filled with a placeholder.
  // Fetched after the page shows, so a prerendered page and its hydration agree (no address yet).
  const site = useQuery({ queryKey: ['site'], queryFn: ({ signal }) => apiCall(getSiteInfo, { signal }), staleTime: Infinity });
  const legalAddress = site.data?.legalAddress ?? null;
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
        <nav
          aria-label={t('footer.navigation')}
          className="grid gap-6 sm:grid-cols-2 md:grid-cols-4"
        >
          {GROUPS.map((group) => (
            <div key={group.key}>
              <h2 className="mb-1 text-sm font-bold">{t(`landing:footer.groups.${group.key}`)}</h2>
              <ul>
                {group.links.map(({ to, key, label }) => (
                  <li key={key}>
                    <Link to={to} className={linkClass}>
                      {t(label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <address className="not-italic">
            <h2 className="mb-1 text-sm font-bold">{t('landing:footer.groups.contact')}</h2>
            <ul>
              <li>
                <Link to="/contact" className={linkClass}>
                  {t('footer.links.contact')}
                </Link>
              </li>
            </ul>
            <dl className="text-sm">
              <dt className="font-medium">{t('landing:footer.contactDetails.email')}</dt>
              <dd>
                <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
                  {CONTACT_EMAIL}
                </a>
              </dd>
              {legalAddress ? (
                <>
                  <dt className="font-medium">{t('landing:footer.contactDetails.address')}</dt>
                  <dd data-testid="legal-address">{legalAddress}</dd>
                </>
              ) : null}
            </dl>
            <p className="text-sm text-muted">{t('landing:footer.contactHint')}</p>
            <p className="mt-2 text-sm font-medium">{t('landing:footer.emergency')}</p>
          </address>
        </nav>
        <p className="text-sm text-muted">{t('footer.tagline')}</p>
        <p className="text-sm text-muted">
          {t('footer.copyright', { year })}
        </p>
      </div>
    </footer>
  );
}
