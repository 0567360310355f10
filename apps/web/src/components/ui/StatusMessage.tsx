import { LoaderCircle } from 'lucide-react';

/** A short "please wait" line (guards, redirects), announced politely. */
export function StatusMessage({ children }: { children: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center gap-3 p-8">
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-primary" />
      <p>{children}</p>
    </div>
  );
}
