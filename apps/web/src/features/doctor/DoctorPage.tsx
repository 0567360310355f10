import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const LINKS = [
  { to: '/doctor', key: 'patients', end: true },
  { to: '/patient-invitations', key: 'invitations', end: false },
  { to: '/doctor-profile', key: 'profile', end: false },
] as const;

/** The professional's pages: a heading, the links between them, then the content. */
export function DoctorPage({ title, intro, actions, children, width = 'max-w-6xl' }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode; width?: string }) {
  const { t } = useTranslation('doctor');
  return (
    <div className={`mx-auto flex w-full ${width} flex-col gap-4 px-3 py-6 sm:px-4`}>
      <nav aria-label={t('nav.label')}>
        <ul className="flex flex-wrap gap-1">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium hover:bg-surface-strong aria-[current=page]:bg-surface-strong aria-[current=page]:font-semibold"
              >
                {t(`nav.${link.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {actions}
      </div>
      {intro ? <div className="max-w-prose text-muted">{intro}</div> : null}
      {children}
    </div>
  );
}
