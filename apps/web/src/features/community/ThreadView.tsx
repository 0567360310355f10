import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { useReply, useThread } from './community-api';
import { Breadcrumb, Notice, Pager, Participation } from './forum-ui';
import { PostCard } from './PostCard';
import { PostForm } from './PostForm';

/** /community/t/<id>: the thread's posts, oldest first, 20 a page; the reply form; "Signaler" on each post. */
export function ThreadView({ id }: { id: string }) {
  const { t } = useTranslation('community');
  const navigate = useNavigate();
  const { user } = useSession();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const thread = useThread(id, page);
  const reply = useReply(id);

  if (thread.isError) {
    const missing = thread.error instanceof ApiError && thread.error.code === 'not_found';
    return (
      <>
        <Breadcrumb items={[{ label: t('home'), to: '/community' }]} />
        <Notice tone="error">{missing ? t('notFound') : t('loadError')}</Notice>
      </>
    );
  }
  if (!thread.data) return null;
  const { thread: summary, posts } = thread.data;
  const categoryName = t(`categories.${summary.category}.name`);
  const title = summary.title ?? t('hiddenThread');

  return (
    <>
      <Breadcrumb items={[{ label: t('home'), to: '/community' }, { label: categoryName, to: `/community/c/${summary.category}` }, { label: title }]} />
      <h2 className="text-2xl font-bold break-words">{title}</h2>
      {summary.locked ? <Notice>{t('lockedNotice')}</Notice> : null}
      <ol className="flex flex-col gap-3">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} canReport={Boolean(user)} />
          </li>
        ))}
      </ol>
      <Pager page={thread.data.page} pageCount={thread.data.pageCount} hrefFor={(p) => `/community/t/${id}?page=${p}`} />
      {summary.locked ? null : (
        <Participation>
          {() => (
            <PostForm
              kind="reply"
              heading={t('reply.title')}
              submitLabel={t('reply.submit')}
              doneMessage={t('reply.sent')}
              pending={reply.isPending}
              onSubmit={({ body }, done) =>
                reply.mutate(body, {
                  onSuccess: (created) => {
                    done.ok();
                    if (created.page !== page) void navigate(`/community/t/${id}?page=${created.page}`);
                  },
                  onError: done.fail,
                })
              }
            />
          )}
        </Participation>
      )}
    </>
  );
}
