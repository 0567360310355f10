import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export type LoadingVariant = 'default' | 'dashboard' | 'admin' | 'doctor' | 'patient' | 'report';

/** The one loading screen, worded per area; also the Suspense fallback of lazy pages. */
export function LoadingScreen({ variant = 'default' }: { variant?: LoadingVariant }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] flex-col items-center justify-center gap-4 p-8">
      <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-primary" />
      <p className="text-lg font-medium">{t(`loading.${variant}`)}</p>
    </div>
  );
}
