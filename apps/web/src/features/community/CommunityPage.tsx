import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { forumCategorySchema } from '@glucosuivi/domain/community/community.schemas';
import { CategoryView } from './CategoryView';
import { CommunityHome } from './CommunityHome';
import { Breadcrumb, Notice } from './forum-ui';
import { ThreadView } from './ThreadView';
import { usePageMeta } from '@/lib/document-title';

/**
 * The forum (issue 19), public to read: /community (and its aliases) lists the categories,
 * /community/c/<slug> a category's threads, /community/t/<id> a thread.
 */
export function CommunityPage() {
  const { t } = useTranslation('community');
  const { slug, id } = useParams();
  const category = slug === undefined ? null : forumCategorySchema.safeParse(slug);
  // A category's name leads its tab title; a thread's page says the forum (its title may be hidden).
  usePageMeta(category?.success ? `${t(`categories.${category.data}.name`)} · ${t('title')}` : t('title'), t('description'));
  let content;
  if (id) content = <ThreadView id={id} />;
  else if (category?.success) content = <CategoryView slug={category.data} />;
  else if (category)
    content = (
      <>
        <Breadcrumb items={[{ label: t('home'), to: '/community' }]} />
        <Notice tone="error">{t('notFound')}</Notice>
      </>
    );
  else content = <CommunityHome />;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-8">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      {slug === undefined && id === undefined ? <p className="text-lg text-muted">{t('intro')}</p> : null}
      {content}
    </div>
  );
}
