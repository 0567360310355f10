import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@glucosuivi/domain/accounts/accounts.schemas';
import { handoutHref } from '@glucosuivi/domain/resources/resources.contract';
import { HANDOUTS, type Handout } from '@glucosuivi/domain/resources/resources.schemas';
import { buttonClasses } from '@/components/ui/button-styles';
import { ResourceSection } from './ResourceSection';

/** The patient handouts, each downloadable as a PDF in French, English and Spanish (the session cookie authenticates the download). */
export function HandoutsSection() {
  const { t } = useTranslation('resources');
  return (
    <ResourceSection id="handouts" title={t('handouts.title')}>
      <p className="max-w-prose">{t('handouts.intro')}</p>
      <div className="grid gap-4 lg:grid-cols-3">
        {HANDOUTS.map((handout) => (
          <HandoutCard key={handout} handout={handout} />
        ))}
      </div>
    </ResourceSection>
  );
}

function HandoutCard({ handout }: { handout: Handout }) {
  const { t } = useTranslation('resources');
  const title = t(`handouts.items.${handout}.title`);
  const titleId = `handout-${handout}-title`;
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-3" data-testid={`handout-${handout}`}>
      <h3 id={titleId} className="font-semibold">
        {title}
      </h3>
      <p className="grow">{t(`handouts.items.${handout}.text`)}</p>
      <p className="text-sm text-muted" id={`${titleId}-download`}>
        {t('handouts.downloadIn')}
      </p>
      <ul className="flex flex-wrap gap-2" aria-labelledby={`${titleId}-download`}>
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            <a href={handoutHref(handout, lang)} hrefLang={lang} type="application/pdf" download className={buttonClasses('secondary')} data-button>
              <Download aria-hidden="true" className="size-4" />
              <span lang={lang}>{t(`handouts.languages.${lang}`)}</span>
              <span className="sr-only">{t('handouts.linkContext', { title })}</span>
            </a>
          </li>
        ))}
      </ul>
    </article>
  );
}
