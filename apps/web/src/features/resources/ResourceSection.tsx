import type { ReactNode } from 'react';

/** One section of the resources page: a framed block titled by an h2, reachable from the page's contents. */
export function ResourceSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="flex scroll-mt-4 flex-col gap-3 rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A reference, set apart in smaller text. */
export function Reference({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted">{children}</p>;
}
