import { Activity, BellRing, LineChart, Lock, ServerCog, ShieldCheck, Stethoscope } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { useDocumentTitle } from '@/lib/document-title';

const FEATURES = [
  { key: 'measurements', Icon: Activity },
  { key: 'charts', Icon: LineChart },
  { key: 'sharing', Icon: Stethoscope },
  { key: 'alerts', Icon: BellRing },
] as const;

const SECURITY = [
  { key: 'encryption', Icon: Lock },
  { key: 'hosting', Icon: ServerCog },
  { key: 'gdpr', Icon: ShieldCheck },
] as const;

export function LandingPage() {
  const { t } = useTranslation('landing');
  const { hash } = useLocation();
  useDocumentTitle(t('documentTitle'));

  // Links such as /#features arrive from other pages: bring the section into view.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <>
      <section className="bg-surface">
        <div className="mx-auto flex max-w-5xl flex-col items-start gap-6 px-4 py-16 md:py-24">
          <p className="rounded-full border border-line px-3 py-1 text-sm font-medium text-muted">{t('hero.badge')}</p>
          <h1 className="text-4xl font-extrabold tracking-tight md:text-5xl">{t('hero.title')}</h1>
          <p className="max-w-2xl text-lg text-muted">{t('hero.subtitle')}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/auth?mode=register" className={buttonClasses('primary', 'px-6 text-base')} data-button>
              {t('hero.start')}
            </Link>
            <Link to="/how-it-works" className={buttonClasses('secondary', 'px-6 text-base')} data-button>
              {t('hero.learnMore')}
            </Link>
          </div>
        </div>
      </section>

      <section id="features" aria-labelledby="features-title" className="mx-auto max-w-5xl scroll-mt-4 px-4 py-16">
        <h2 id="features-title" className="mb-8 text-3xl font-bold">
          {t('features.title')}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="rounded-xl border border-line bg-surface p-6">
              <Icon aria-hidden="true" className="mb-3 size-8 text-primary" />
              <h3 className="mb-2 text-xl font-semibold">{t(`features.${key}.title`)}</h3>
              <p className="text-muted">{t(`features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="security" aria-labelledby="security-title" className="bg-surface">
        <div className="mx-auto max-w-5xl scroll-mt-4 px-4 py-16">
          <h2 id="security-title" className="mb-8 text-3xl font-bold">
            {t('security.title')}
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {SECURITY.map(({ key, Icon }) => (
              <li key={key} className="flex gap-4">
                <Icon aria-hidden="true" className="size-7 shrink-0 text-primary" />
                <div>
                  <h3 className="mb-1 text-lg font-semibold">{t(`security.${key}.title`)}</h3>
                  <p className="text-muted">{t(`security.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="mx-auto max-w-5xl px-4 py-16 text-center">
        <h2 id="cta-title" className="mb-4 text-3xl font-bold">
          {t('cta.title')}
        </h2>
        <p className="mx-auto mb-6 max-w-2xl text-lg text-muted">{t('cta.text')}</p>
        <Link to="/auth?mode=register" className={buttonClasses('primary', 'px-6 text-base')} data-button>
          {t('cta.button')}
        </Link>
      </section>
    </>
  );
}
