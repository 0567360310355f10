import { useTranslation } from 'react-i18next';

/** A red count beside a name; screen readers hear "3 messages non lus" instead of the number. */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation('messages');
  if (count <= 0) return null;
  return (
    <span className="inline-flex min-w-6 shrink-0 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white" data-testid="unread-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('unread', { count })}</span>
    </span>
  );
}
