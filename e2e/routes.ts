// The route table of spec §2, as a visitor sees it. Kept apart from the web app on purpose:
// e2e checks the product from the outside and imports nothing from apps/web.

/** Public pages; each inner list is one page and its aliases. */
export const PUBLIC_PAGES: readonly (readonly string[])[] = [
  ['/privacy-policy'],
  ['/how-it-works'],
  ['/features'],
  ['/pricing'],
  ['/security'],
  ['/training'],
  ['/terms'],
  ['/api-docs', '/api'],
  ['/cookies', '/cookies-policy'],
  ['/legal', '/legal-notice'],
  ['/help-center', '/centre-aide'],
  ['/contact'],
  ['/community', '/communaute', '/community-forum'],
  ['/user-guide', '/guide-utilisateur'],
  ['/subscription'],
];

export const PATIENT_PAGES: readonly (readonly string[])[] = [
  ['/patient-dashboard'],
  ['/profil', '/profile'],
  ['/dashboard', '/health-dashboard'],
  ['/abonnement'],
  ['/notifications'],
  ['/support'],
  ['/settings'],
  ['/cgm-connection'],
  ['/messages'],
  ['/appointments'],
  ['/reports'],
  ['/reminders'],
  ['/new-measurement'],
  ['/weekly-report'],
];

export const PROFESSIONAL_PAGES: readonly (readonly string[])[] = [
  ['/doctor'],
  ['/doctor-resources'],
  ['/doctor-profile'],
  ['/doctor-settings'],
  ['/doctor-appointments'],
  ['/doctor-support'],
  ['/patient-invitations'],
  ['/admin'],
  ['/department-tracking'],
];
