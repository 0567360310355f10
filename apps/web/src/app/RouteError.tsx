import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/Button';

/** Last resort when a page crashes or its code cannot be loaded (for example after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('route error', error);
  }, [error]);
  return (
    <main id="main-content" tabIndex={-1} className="mx-auto flex min-h-screen max-w-2xl flex-col items-start justify-center gap-4 px-4">
      <h1 className="text-3xl font-bold">{t('routeError.title')}</h1>
      <p className="text-lg text-muted">{t('routeError.text')}</p>
      <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
    </main>
  );
}
