import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ForumCategory } from '@glucosuivi/domain/community/community.schemas';
import { useCreateThread, useThreads } from './community-api';
import { Breadcrumb, Notice, Pager, Participation, useFormatDate } from './forum-ui';
import { PostForm } from './PostForm';

/** /community/c/<slug>: the category's threads, most recent activity first, 20 a page; a new-thread form. */
export function CategoryView({ slug }: { slug: ForumCategory }) {
  const { t } = useTranslation('community');
  const format = useFormatDate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const threads = useThreads(slug, page);
  const create = useCreateThread(slug);
  const name = t(`categories.${slug}.name`);

  return (
    <>
      <Breadcrumb items={[{ label: t('home'), to: '/community' }, { label: name }]} />
      <h2 className="text-2xl font-bold">{name}</h2>
      <p>{t(`categories.${slug}.description`)}</p>
      {threads.isError ? <Notice tone="error">{t('loadError')}</Notice> : null}
      {threads.data && threads.data.threads.length === 0 ? <p>{t('noThreads')}</p> : null}
      <ul className="flex flex-col gap-3">
        {threads.data?.threads.map((thread) => (
          <li key={thread.id} className="rounded-lg border border-line bg-surface p-4">
            <Link to={`/community/t/${thread.id}`} className="text-lg font-semibold text-primary underline">
              {thread.title ?? t('hiddenThread')}
            </Link>
            <p className="text-sm text-muted">
              {t('by', { author: thread.author })} · {t('replyCount', { count: thread.replyCount })} · {t('lastActivity', { date: format(thread.lastActivityAt, true) })}
              {thread.locked ? ` · ${t('locked')}` : ''}
            </p>
          </li>
        ))}
      </ul>
      {threads.data ? <Pager page={threads.data.page} pageCount={threads.data.pageCount} hrefFor={(p) => `/community/c/${slug}?page=${p}`} /> : null}
      <Participation>
        {() => (
          <PostForm
            kind="thread"
            heading={t('newThread.title')}
            submitLabel={t('newThread.submit')}
            doneMessage={t('newThread.created')}
            pending={create.isPending}
            onSubmit={(input, done) =>
              create.mutate(input, {
                onSuccess: (created) => {
                  done.ok();
                  void navigate(`/community/t/${created.threadId}`);
                },
                onError: done.fail,
              })
            }
          />
        )}
      </Participation>
    </>
  );
}
