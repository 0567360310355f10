import type { ReactNode } from 'react';

/**
 * The professional's pages: a heading, then the content (the links between them are the site menu's).
 * `dense` keeps tighter spacing, for a list that should show as many rows as a screen holds.
 */
export function DoctorPage({
  title,
  intro,
  actions,
  children,
  width = 'max-w-6xl',
  dense = false,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  width?: string;
  dense?: boolean;
}) {
  return (
    <div className={`mx-auto flex w-full ${width} flex-col ${dense ? 'gap-3 px-3 py-3 sm:px-4 sm:py-4' : 'gap-4 px-3 py-4 sm:px-4 sm:py-6'}`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {actions}
      </div>
      {intro ? <div className="max-w-prose text-muted">{intro}</div> : null}
      {children}
    </div>
  );
}
