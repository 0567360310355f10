import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** The destructive alert of a failed request (spec §8), announced at once. */
export function ErrorAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        {title ? <p className="font-semibold">{title}</p> : null}
        <p>{children}</p>
      </div>
    </div>
  );
}
