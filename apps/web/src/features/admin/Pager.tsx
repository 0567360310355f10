import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';

/** "Page 2 of 5" with previous and next, for the administrators' lists (50 a page). */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pager.label')} className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {t('pager.previous')}
      </Button>
      <p>{t('pager.position', { page, pages })}</p>
      <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
