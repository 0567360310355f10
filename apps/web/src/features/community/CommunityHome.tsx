import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { useCategories, useSearch } from './community-api';
import { Notice, Pager, useFormatDate } from './forum-ui';

function SearchResultsList({ q, page }: { q: string; page: number }) {
  const { t } = useTranslation('community');
  const format = useFormatDate();
  const search = useSearch(q, page);
  if (search.isError) return <Notice tone="error">{t('loadError')}</Notice>;
  if (!search.data) return null;
  return (
    <section aria-labelledby="search-results" className="flex flex-col gap-3">
      <h2 id="search-results" className="text-xl font-semibold">
        {t('search.results', { q })}
      </h2>
      {search.data.results.length === 0 ? <p>{t('search.none')}</p> : null}
      <ul className="flex flex-col gap-3">
        {search.data.results.map((result) => (
          <li key={result.threadId} className="rounded-lg border border-line bg-surface p-3">
            <Link to={`/community/t/${result.threadId}`} className="font-semibold text-primary underline">
              {result.title}
            </Link>
            <p className="text-sm text-muted">
              {t(`categories.${result.category}.name`)} · {t('lastActivity', { date: format(result.lastActivityAt) })}
            </p>
            <p className="mt-1 break-words">{result.excerpt}</p>
          </li>
        ))}
      </ul>
      <Pager page={search.data.page} pageCount={search.data.pageCount} hrefFor={(p) => `/community?q=${encodeURIComponent(q)}&page=${p}`} />
    </section>
  );
}

/** /community: the categories with their counts and latest activity, and the search. */
export function CommunityHome() {
  const { t } = useTranslation('community');
  const format = useFormatDate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(q);
  const [error, setError] = useState<string | null>(null);
  const categories = useCategories();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed.trim().length < 2) {
      setError(t('errors.searchTooShort'));
      return;
    }
    setError(null);
    setParams({ q: typed.trim() });
  }

  return (
    <>
      <form role="search" onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <TextField id="forum-search" type="search" name="q" label={t('search.label')} value={typed} onValueChange={setTyped} error={error} className="min-w-0 flex-1" />
        <Button type="submit">{t('search.submit')}</Button>
      </form>
      {q ? <SearchResultsList q={q} page={page} /> : null}
      <section aria-labelledby="forum-categories" className="flex flex-col gap-3">
        <h2 id="forum-categories" className="text-xl font-semibold">
          {t('categoriesTitle')}
        </h2>
        {categories.isError ? <Notice tone="error">{t('loadError')}</Notice> : null}
        <ul className="grid gap-3 sm:grid-cols-2">
          {categories.data?.categories.map((category) => (
            <li key={category.slug} className="flex flex-col gap-1 rounded-lg border border-line bg-surface p-4">
              <Link to={`/community/c/${category.slug}`} className="text-lg font-semibold text-primary underline">
                {t(`categories.${category.slug}.name`)}
              </Link>
              <p>{t(`categories.${category.slug}.description`)}</p>
              <p className="text-sm text-muted">
                {t('threadCount', { count: category.threadCount })} · {t('postCount', { count: category.postCount })} ·{' '}
                {category.lastActivityAt ? t('lastActivity', { date: format(category.lastActivityAt) }) : t('noActivity')}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
