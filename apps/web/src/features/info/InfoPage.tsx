import { useQuery } from '@tanstack/react-query';
import { Check, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEuros, PREMIUM_PRICE_TTC_CENTS } from '@glucosuivi/domain/subscription/plans';
import { buttonClasses } from '@/components/ui/button-styles';
import { InfoArticle, useList, type InfoSection } from './InfoArticle';
import { GuideIllustration, type GuideIllustrationKind } from './GuideIllustrations';
import { matches, operationsByTag, type InfoPageKey } from './info-pages';

/** Every information page of spec §2; the route table picks one by key. */
export function InfoPage({ page }: { page: InfoPageKey }) {
  switch (page) {
    case 'pricing':
    case 'subscription':
      return (
        <InfoArticle page={page} wide>
          <Plans />
        </InfoArticle>
      );
    case 'apiDocs':
      return (
        <InfoArticle page={page} wide>
          <ApiReference />
        </InfoArticle>
      );
    case 'helpCenter':
      return (
        <InfoArticle page={page}>
          <HelpCenter />
        </InfoArticle>
      );
    case 'userGuide':
      return (
        <InfoArticle page={page}>
          <UserGuide />
        </InfoArticle>
      );
    default:
      return <InfoArticle page={page} />;
  }
}

function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="mb-6 flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
        />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="min-h-11 w-full rounded-lg border border-line-strong bg-surface pr-3 pl-10 text-base text-fg"
        />
      </div>
    </div>
  );
}

function Plans() {
  const { t, i18n } = useTranslation('info');
  const plans = ['free', 'premium'] as const;
  // Premium's prices come from the domain's plans (the one source of truth), written in the page's language.
  const language = i18n.resolvedLanguage ?? 'fr';
  const prices = { monthly: formatEuros(PREMIUM_PRICE_TTC_CENTS.month, language), yearly: formatEuros(PREMIUM_PRICE_TTC_CENTS.year, language) };
  return (
    <div className="mb-10 grid gap-6 md:grid-cols-2">
      {plans.map((plan) => (
        <section
          key={plan}
          aria-labelledby={`plan-${plan}`}
          className="flex flex-col rounded-xl border border-line bg-surface p-6"
        >
          <h2 id={`plan-${plan}`} className="text-2xl font-bold">
            {t(`plans.${plan}.name`)}
          </h2>
          <p className="mt-1 text-xl font-semibold text-primary" data-testid={`plan-price-${plan}`}>
            {t(`plans.${plan}.price`, prices)}
          </p>
          <p className="mt-2 mb-4 text-muted">{t(`plans.${plan}.text`)}</p>
          <PlanItems plan={plan} />
          <Link
            to="/auth?mode=register"
            className={buttonClasses(
              plan === 'free' ? 'primary' : 'secondary',
              'mt-auto self-start',
            )}
            data-button
          >
            {t(`plans.${plan}.cta`)}
          </Link>
        </section>
      ))}
    </div>
  );
}

function PlanItems({ plan }: { plan: 'free' | 'premium' }) {
  const items = useList<string>(`plans.${plan}.items`);
  return (
    <ul className="mb-6 space-y-2">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

interface Question {
  q: string;
  a: string;
}

function HelpCenter() {
  const { t } = useTranslation('info');
  const [query, setQuery] = useState('');
  const questions = useList<Question>('helpCenter.questions');
  const shown = questions.filter((item) => matches(query, item.q, item.a));
  return (
    <section aria-labelledby="help-faq" className="mb-10">
      <h2 id="help-faq" className="mb-4 text-2xl font-bold">
        {t('helpCenter.faqTitle')}
      </h2>
      <SearchField label={t('helpCenter.search')} value={query} onChange={setQuery} />
      <p role="status" className="mb-3 text-sm text-muted">
        {t('helpCenter.count', { count: shown.length })}
      </p>
      <div className="space-y-3">
        {shown.map((item) => (
          <details key={item.q} className="rounded-lg border border-line bg-surface p-4">
            <summary className="min-h-11 cursor-pointer py-2 font-semibold">{item.q}</summary>
            <p className="mt-2 leading-relaxed">{item.a}</p>
          </details>
        ))}
      </div>
      <p className="mt-6">
        {t('helpCenter.more')}{' '}
        <Link to="/contact" className="font-semibold text-primary underline">
          {t('helpCenter.contactLink')}
        </Link>
      </p>
    </section>
  );
}

interface GuideStep {
  title: string;
  text: string;
  illustration: GuideIllustrationKind;
}

function GuidePart({ part }: { part: 'patients' | 'professionals' }) {
  const { t } = useTranslation('info');
  const steps = useList<GuideStep>(`userGuide.${part}.steps`);
  return (
    <section aria-labelledby={`guide-${part}`} className="mb-10">
      <h2 id={`guide-${part}`} className="mb-4 text-2xl font-bold">
        {t(`userGuide.${part}.title`)}
      </h2>
      <ol className="space-y-6">
        {steps.map((step, index) => (
          <li
            key={step.title}
            className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-5 sm:flex-row"
          >
            <GuideIllustration kind={step.illustration} className="h-28 w-40 shrink-0" />
            <div>
              <h3 className="mb-1 text-lg font-semibold">
                {t('userGuide.step', { n: index + 1, title: step.title })}
              </h3>
              <p className="leading-relaxed">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function UserGuide() {
  return (
    <>
      <GuidePart part="patients" />
      <GuidePart part="professionals" />
    </>
  );
}

const METHOD_STYLE: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  POST: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  PUT: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  PATCH: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  DELETE: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};

/** The real endpoints, from the server's OpenAPI document, grouped by tag and searchable. */
function ApiReference() {
  const { t } = useTranslation('info');
  const [query, setQuery] = useState('');
  const openapi = useQuery({
    queryKey: ['openapi'],
    queryFn: async ({ signal }) => {
      const response = await fetch('/api/openapi.json', {
        signal,
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`openapi ${response.status}`);
      return (await response.json()) as unknown;
    },
  });
  const groups = useMemo(() => operationsByTag(openapi.data), [openapi.data]);
  const filtered = groups
    .map(
      ([tag, ops]) =>
        [tag, ops.filter((op) => matches(query, op.method, op.path, op.summary, tag))] as const,
    )
    .filter(([, ops]) => ops.length > 0);
  const total = filtered.reduce((sum, [, ops]) => sum + ops.length, 0);

  return (
    <section aria-labelledby="api-endpoints" className="mb-10">
      <h2 id="api-endpoints" className="mb-2 text-2xl font-bold">
        {t('apiDocs.endpointsTitle')}
      </h2>
      <p className="mb-4">
        {t('apiDocs.openapiText')}{' '}
        <a href="/api/openapi.json" className="font-semibold text-primary underline">
          /api/openapi.json
        </a>
      </p>
      {openapi.isPending ? (
        <p role="status">{t('apiDocs.loading')}</p>
      ) : openapi.isError ? (
        <p role="alert">{t('apiDocs.error')}</p>
      ) : (
        <>
          <SearchField label={t('apiDocs.search')} value={query} onChange={setQuery} />
          <p role="status" className="mb-4 text-sm text-muted">
            {t('apiDocs.count', { count: total })}
          </p>
          {filtered.map(([tag, ops]) => (
            <section key={tag} aria-labelledby={`tag-${tag}`} className="mb-6">
              <h3 id={`tag-${tag}`} className="mb-2 text-xl font-semibold">
                {tag}
              </h3>
              <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
                {ops.map((op) => (
                  <li
                    key={`${op.method} ${op.path}`}
                    className="flex flex-col gap-1 p-3 sm:flex-row sm:items-baseline sm:gap-3"
                  >
                    <span
                      className={`w-16 shrink-0 rounded px-2 py-0.5 text-center font-mono text-xs font-bold ${METHOD_STYLE[op.method] ?? ''}`}
                    >
                      {op.method}
                    </span>
                    <code className="font-mono text-sm break-all">{op.path}</code>
                    <span className="text-sm text-muted">
                      {op.summary}
                      {op.secured ? ` · ${t('apiDocs.signedIn')}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </section>
  );
}

export type { InfoSection };
