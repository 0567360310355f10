import {
  Activity,
  BellRing,
  CalendarDays,
  Download,
  FileText,
  History,
  KeyRound,
  LineChart,
  Lock,
  MessagesSquare,
  Radio,
  ServerCog,
  Sparkles,
  Stethoscope,
  Timer,
  Users,
} from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { usePageMeta } from '@/lib/document-title';
import { LANGUAGES } from '@/lib/i18n';
import { DemoDialog } from './DemoDialog';
import { ChartsDrawing, DashboardDrawing, SharingDrawing } from './Screenshots';

const FEATURES = [
  { key: 'measurements', Icon: Activity },
  { key: 'charts', Icon: LineChart },
  { key: 'advice', Icon: Sparkles },
  { key: 'alerts', Icon: BellRing },
  { key: 'sharing', Icon: Stethoscope },
  { key: 'messaging', Icon: MessagesSquare },
  { key: 'appointments', Icon: CalendarDays },
  { key: 'reminders', Icon: Timer },
  { key: 'reports', Icon: FileText },
  { key: 'cgm', Icon: Radio },
] as const;

const SECURITY = [
  { key: 'isolation', Icon: Users },
  { key: 'sessions', Icon: Lock },
  { key: 'twoFactor', Icon: KeyRound },
  { key: 'accessLog', Icon: History },
  { key: 'rights', Icon: Download },
  { key: 'hosting', Icon: ServerCog },
] as const;

const TESTIMONIALS = ['camille', 'jean', 'claire'] as const;
const FAQ = ['free', 'units', 'sharing', 'medical', 'deletion'] as const;

/**
 * `upcoming`: feature cards whose page is not built yet (decided by the app's route table); they
 * say "bientôt" rather than advertising the feature as available.
 */
export function LandingPage({ upcoming = [] }: { upcoming?: readonly string[] }) {
  const { t } = useTranslation('landing');
  const { hash } = useLocation();
  usePageMeta(t('documentTitle'), t('metaDescription'));
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  // Links such as /#features arrive from other pages: bring the section into view.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <>
      {LANGUAGES.map((lng) => (
        <link key={lng} rel="alternate" hrefLang={lng} href={`${origin}/?lng=${lng}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}/`} />

      <HeroSection />
      <FeaturesSection upcoming={upcoming} />
      <ScreenshotsSection />
      <TestimonialsSection />
      <SecuritySection />
      <FaqSection />
      <CallToActionSection />
    </>
  );
}

/** The promise, who it is for, and the three ways in: sign up, try the demo, read how it works. */
function HeroSection() {
  const { t } = useTranslation('landing');
  return (
    <section className="bg-surface">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2 md:py-20">
        <div className="flex flex-col items-start gap-6">
          <p className="rounded-full border border-line px-3 py-1 text-sm font-medium text-muted">
            {t('hero.badge')}
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight md:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="max-w-2xl text-lg text-muted">{t('hero.subtitle')}</p>
          <p className="max-w-2xl">{t('hero.audience')}</p>
          <div className="flex flex-wrap gap-3">
            <Link
              to="/auth?mode=register"
              className={buttonClasses('primary', 'px-6 text-base')}
              data-button
            >
              {t('hero.start')}
            </Link>
            <DemoDialog />
            <Link
              to="/how-it-works"
              className={buttonClasses('ghost', 'px-6 text-base')}
              data-button
            >
              {t('hero.learnMore')}
            </Link>
          </div>
        </div>
        <DashboardDrawing />
      </div>
    </section>
  );
}

/** The target of /#features links; upcoming cards say "bientôt" instead of promising a page not built yet. */
function FeaturesSection({ upcoming }: { upcoming: readonly string[] }) {
  const { t } = useTranslation('landing');
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="mx-auto max-w-6xl scroll-mt-4 px-4 py-16"
    >
      <h2 id="features-title" className="mb-3 text-3xl font-bold">
        {t('features.title')}
      </h2>
      <p className="mb-8 max-w-3xl text-lg text-muted">{t('features.intro')}</p>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ key, Icon }) => (
          <li key={key} className="rounded-xl border border-line bg-surface p-6" data-upcoming={upcoming.includes(key) || undefined}>
            <Icon aria-hidden="true" className="mb-3 size-8 text-primary" />
            <h3 className="mb-2 text-xl font-semibold">
              {t(`features.${key}.title`)}
              {upcoming.includes(key) ? (
                <span className="ml-2 inline-block rounded-full border border-line-strong px-2 py-0.5 align-middle text-sm font-semibold text-fg">
                  {t('features.soon')}
                </span>
              ) : null}
            </h3>
            <p className="text-muted">{t(`features.${key}.text`)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-6">
        <Link to="/features" className="font-semibold text-primary underline">
          {t('features.more')}
        </Link>
      </p>
    </section>
  );
}

function ScreenshotsSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="screens-title" className="bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="screens-title" className="mb-3 text-3xl font-bold">
          {t('screenshots.title')}
        </h2>
        <p className="mb-8 max-w-3xl text-muted">{t('screenshots.intro')}</p>
        <div className="grid gap-8 md:grid-cols-3">
          <DashboardDrawing />
          <ChartsDrawing />
          <SharingDrawing />
        </div>
      </div>
    </section>
  );
}

function TestimonialsSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="testimonials-title" className="mb-3 text-3xl font-bold">
        {t('testimonials.title')}
      </h2>
      <p className="mb-8 text-sm text-muted">{t('testimonials.note')}</p>
      <ul className="grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((key) => (
          <li key={key}>
            <figure className="flex h-full flex-col rounded-xl border border-line bg-surface p-6">
              <blockquote className="mb-4 flex-1 text-lg">
                <p>{t(`testimonials.${key}.quote`)}</p>
              </blockquote>
              <figcaption>
                <span className="block font-semibold">{t(`testimonials.${key}.name`)}</span>
                <span className="block text-sm text-muted">{t(`testimonials.${key}.role`)}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The target of /#security links. */
function SecuritySection() {
  const { t } = useTranslation('landing');
  return (
    <section id="security" aria-labelledby="security-title" className="scroll-mt-4 bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="security-title" className="mb-3 text-3xl font-bold">
          {t('security.title')}
        </h2>
        <p className="mb-8 max-w-3xl text-lg text-muted">{t('security.intro')}</p>
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
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
        <p className="mt-8">
          <Link to="/security" className="font-semibold text-primary underline">
            {t('security.more')}
          </Link>
        </p>
      </div>
    </section>
  );
}

function FaqSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16">
      <h2 id="faq-title" className="mb-8 text-3xl font-bold">
        {t('faq.title')}
      </h2>
      <div className="space-y-3">
        {FAQ.map((key) => (
          <details key={key} className="rounded-lg border border-line bg-surface p-4">
            <summary className="min-h-11 cursor-pointer py-2 text-lg font-semibold">
              {t(`faq.${key}.q`)}
            </summary>
            <p className="mt-2 leading-relaxed">{t(`faq.${key}.a`)}</p>
          </details>
        ))}
      </div>
      <p className="mt-6">
        <Link to="/help-center" className="font-semibold text-primary underline">
          {t('faq.more')}
        </Link>
      </p>
    </section>
  );
}

function CallToActionSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-5xl px-4 py-16 text-center">
      <h2 id="cta-title" className="mb-4 text-3xl font-bold">
        {t('cta.title')}
      </h2>
      <p className="mx-auto mb-6 max-w-2xl text-lg text-muted">{t('cta.text')}</p>
      <Link
        to="/auth?mode=register"
        className={buttonClasses('primary', 'px-6 text-base')}
        data-button
      >
        {t('cta.button')}
      </Link>
      <p className="mx-auto mt-8 max-w-2xl text-sm text-muted">{t('cta.disclaimer')}</p>
    </section>
  );
}
