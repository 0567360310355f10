import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID, MAIN_NAVIGATION_ID, focusById } from '@/lib/a11y-context';

const skipClass =
  'sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:inline-flex focus:min-h-11 ' +
  'focus:items-center focus:rounded-lg focus:bg-primary focus:px-4 focus:font-semibold focus:text-on-primary';

/** First thing in the tab order; hidden until focused. */
export function SkipLinks() {
  const { t } = useTranslation('a11y');
  // Focus the target without touching the URL hash (the router owns the URL).
  const skipTo = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusById(id);
  };
  return (
    <div>
      <a href={`#${MAIN_CONTENT_ID}`} onClick={skipTo(MAIN_CONTENT_ID)} className={skipClass} data-button>
        {t('skip.main')}
      </a>
      <a href={`#${MAIN_NAVIGATION_ID}`} onClick={skipTo(MAIN_NAVIGATION_ID)} className={skipClass} data-button>
        {t('skip.navigation')}
      </a>
    </div>
  );
}
