import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useUnreadMessageCount } from '@/components/messages/use-messages';
import { useUnreadNotificationCount } from '@/components/notifications/use-notifications';
import { useNotificationCount } from '@/features/alerts/AlertBadge';

/** The counts a menu item may show beside its label, and the sentence screen readers hear instead. */
export type MenuCount = 'unreadNotifications' | 'unreadDelivered' | 'unreadMessages';
const COUNT_LABELS: Record<MenuCount, string> = {
  unreadNotifications: 'nav.unreadNotifications',
  unreadDelivered: 'nav.unreadNotifications',
  unreadMessages: 'nav.unreadMessages',
};

/** A link of a role's menu, as the route table (app/routes.tsx) derives it. */
export interface MenuItem {
  to: string;
  /** Every path of the page (aliases), so the item is current on any of them. */
  paths: readonly string[];
  /** Key of the label in common:nav.items. */
  label: string;
  icon: LucideIcon;
  /** Shown in the header row on wide screens. */
  inline: boolean;
  count?: MenuCount;
}

export type MenuRole = 'patient' | 'professional' | 'admin';
export type RoleMenus = Readonly<Record<MenuRole, readonly MenuItem[]>>;

/** The page the person is on belongs to this item (its aliases and sub-pages included). */
export function isCurrent(item: MenuItem, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return item.paths.some((p) => path === p || path.startsWith(`${p}/`));
}

const itemClass =
  'inline-flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-sm font-medium hover:bg-surface-strong ' +
  'aria-[current=page]:bg-surface-strong aria-[current=page]:font-semibold aria-[current=page]:text-primary-strong';

/**
 * One role's menu items as a list of links, the current page marked with aria-current="page".
 * `layout` "row" is the header on wide screens (inline items only), "column" the menu sheet
 * (every item; the inline ones hidden where the header row already shows them).
 */
export function RoleMenuList({
  items,
  layout,
  onNavigate,
}: {
  items: readonly MenuItem[];
  layout: 'row' | 'column';
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const unreadNotifications = useNotificationCount(items.some((item) => item.count === 'unreadNotifications'));
  // A professional has no alerts of their own: their centre counts the delivered items only.
  const unreadDelivered = useUnreadNotificationCount(items.some((item) => item.count === 'unreadDelivered'));
  const unreadMessages = useUnreadMessageCount(items.some((item) => item.count === 'unreadMessages'));
  const counts: Record<MenuCount, number> = { unreadNotifications, unreadDelivered, unreadMessages };
  const shown = layout === 'row' ? items.filter((item) => item.inline) : items;
  return (
    <ul className={layout === 'row' ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
      {shown.map((item) => {
        const Icon = item.icon;
        const count = item.count ? counts[item.count] : 0;
        return (
          <li
            key={item.to}
            className={layout === 'column' && item.inline ? 'xl:hidden' : undefined}
          >
            <Link
              to={item.to}
              className={`${itemClass} ${layout === 'row' ? 'whitespace-nowrap' : ''}`}
              aria-current={isCurrent(item, pathname) ? 'page' : undefined}
              onClick={onNavigate}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span>{t(`nav.items.${item.label}`)}</span>
              {count > 0 && item.count ? (
                <span className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
                  <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
                  <span className="sr-only">{t(COUNT_LABELS[item.count], { count })}</span>
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
