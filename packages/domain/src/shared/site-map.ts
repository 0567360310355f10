/**
 * What search engines may index, in one place for the server (which writes robots.txt and
 * sitemap.xml with the instance's own PUBLIC_URL) and the web route table (whose test checks
 * that every public page is listed here and every personal space is disallowed).
 */
export const SITE_LANGUAGES = ['fr', 'en', 'es'] as const;

/** Canonical paths of the public pages, in the order of the sitemap. */
export const INDEXABLE_PATHS = [
  '/',
  '/how-it-works',
  '/features',
  '/pricing',
  '/subscription',
  '/security',
  '/training',
  '/user-guide',
  '/help-center',
  '/contact',
  '/community',
  '/api-docs',
  '/privacy-policy',
  '/terms',
  '/cookies',
  '/legal',
  '/auth',
] as const;

/** Path prefixes never to index: the API, personal spaces, invitation and share links. */
export const DISALLOWED_PREFIXES = [
  '/api/',
  '/patient-dashboard',
  '/dashboard',
  '/health-dashboard',
  '/profil',
  '/profile',
  '/abonnement',
  '/notifications',
  '/support',
  '/settings',
  '/cgm-connection',
  '/messages',
  '/appointments',
  '/reports',
  '/reminders',
  '/new-measurement',
  '/weekly-report',
  '/doctor',
  '/patient-invitations',
  '/admin',
  '/department-tracking',
  '/auth/unlock',
  '/invitations/',
  '/partage/',
] as const;

/**
 * Every path the web app shows a page for (spec §2 with its aliases, and the app's own pages);
 * `:name` stands for one path segment. The server answers 404 for any other path while still
 * sending the app, which shows its "not found" page. The web route table's test checks that
 * both lists agree.
 */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/auth',
  '/auth/unlock',
  '/invitations/accept',
  '/email/confirm',
  '/partage/:token',
  '/privacy-policy',
  '/how-it-works',
  '/features',
  '/pricing',
  '/security',
  '/training',
  '/terms',
  '/api-docs',
  '/api',
  '/cookies',
  '/cookies-policy',
  '/legal',
  '/legal-notice',
  '/help-center',
  '/centre-aide',
  '/contact',
  '/community',
  '/communaute',
  '/community-forum',
  '/community/c/:slug',
  '/community/t/:id',
  '/user-guide',
  '/guide-utilisateur',
  '/subscription',
  '/patient-dashboard',
  '/profil',
  '/profile',
  '/dashboard',
  '/health-dashboard',
  '/abonnement',
  '/notifications',
  '/support',
  '/settings',
  '/cgm-connection',
  '/messages',
  '/appointments',
  '/reports',
  '/reminders',
  '/new-measurement',
  '/weekly-report',
  '/doctor',
  '/doctor/patients/:patientId',
  '/doctor-resources',
  '/doctor-profile',
  '/doctor-settings',
  '/doctor-appointments',
  '/doctor-notifications',
  '/doctor-support',
  '/patient-invitations',
  '/admin',
  '/department-tracking',
] as const;

/** True when the web app has a page at `path` (case and one trailing slash ignored, as the router does). */
export function isAppPath(path: string): boolean {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const segments = trimmed.toLowerCase().split('/');
  return APP_ROUTE_PATTERNS.some((pattern) => {
    const parts = pattern.toLowerCase().split('/');
    return parts.length === segments.length && parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]));
  });
}

function xmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The sitemap with hreflang alternates (`?lng=`) for each public page, on `origin`. */
export function sitemapXml(origin: string): string {
  const base = origin.replace(/\/+$/, '');
  const urls = INDEXABLE_PATHS.map((path) => {
    const href = xmlEscape(`${base}${path}`);
    const alternates = SITE_LANGUAGES.map(
      (lng) => `    <xhtml:link rel="alternate" hreflang="${lng}" href="${xmlEscape(`${base}${path}?lng=${lng}`)}"/>`,
    );
    return [
      '  <url>',
      `    <loc>${href}</loc>`,
      ...alternates,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${href}"/>`,
      '  </url>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: public pages may be indexed, personal spaces and the API may not. */
export function robotsTxt(origin: string): string {
  const base = origin.replace(/\/+$/, '');
  return [
    '# GlucoSuivi: public information pages may be indexed; the API and personal spaces may not.',
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
