import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { homeFor, isAdmin, useSession } from '@/lib/session';
import { AccountsSection } from './AccountsSection';
import { AuditSection } from './AuditSection';
import { FiguresSection } from './FiguresSection';
import { JobsSection } from './JobsSection';
import { SpecialtiesSection } from './SpecialtiesSection';
import { VerificationSection } from './VerificationSection';

/** What app/routes.tsx hands the page from other features (features never import each other). */
export interface AdminSlots {
  /** The support inbox (support feature). */
  tickets?: ReactNode;
  /** The forum's open reports and moderation (community feature). */
  forum?: ReactNode;
}

export interface AdminSection {
  /** The section's value in the URL (`/admin?section=<id>`). */
  id: string;
  /** Key of its name in the `admin` catalog. */
  label: string;
  render: (slots: AdminSlots) => ReactNode;
}

/**
 * The back office's sections, in menu order; the first one opens by default. A section is one
 * entry here and its component beside this file.
 */
export const SECTIONS: readonly AdminSection[] = [
  { id: 'accounts', label: 'sections.accounts', render: () => <AccountsSection /> },
  { id: 'verification', label: 'sections.verification', render: () => <VerificationSection /> },
  { id: 'specialties', label: 'sections.specialties', render: () => <SpecialtiesSection /> },
  { id: 'support', label: 'sections.support', render: (slots) => slots.tickets ?? null },
  { id: 'forum', label: 'community:moderation.title', render: (slots) => slots.forum ?? null },
  // The platform's upkeep; texts in the `adminOps` catalog.
  { id: 'audit', label: 'adminOps:audit.title', render: () => <AuditSection /> },
  { id: 'figures', label: 'adminOps:figures.title', render: () => <FiguresSection /> },
  { id: 'jobs', label: 'adminOps:jobs.title', render: () => <JobsSection /> },
];

/** /admin: accounts, professionals' verification, specialties, support and the platform's upkeep; never health data. */
export function AdminPage({ tickets, forum }: AdminSlots) {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  const [search] = useSearchParams();
  const current = SECTIONS.find((section) => section.id === search.get('section')) ?? SECTIONS[0]!;
  useDocumentTitle(`${t(current.label)} · ${t('title')}`);
  // A professional who types /admin goes to their own home (the server would refuse them anyway).
  if (user && !isAdmin(user)) return <Navigate to={homeFor(user)} replace />;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <nav aria-label={t('sectionsLabel')}>
        <ul className="flex flex-wrap gap-2">
          {SECTIONS.map((section) => {
            const active = section.id === current.id;
            return (
              <li key={section.id}>
                <Link
                  to={{ search: `?section=${section.id}` }}
                  aria-current={active ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center rounded-lg border px-3 py-2 text-sm font-semibold ${
                    active ? 'border-primary bg-primary text-on-primary' : 'border-line bg-surface text-fg hover:bg-surface-strong'
                  }`}
                >
                  {t(section.label)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="admin-section-title" className="flex flex-col gap-4">
        <h2 id="admin-section-title" className="text-xl font-semibold">
          {t(current.label)}
        </h2>
        {current.render({ tickets, forum })}
      </section>
    </div>
  );
}
