import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import type { ProductListItem } from '../api/list-products.ts';
import type { BulkProductAction } from './api/bulk-products.ts';
import type { ListTab } from './status-tabs.tsx';

/**
 * A row's actions: on the admins' approval tab Approve and Reject as buttons (what the tab is
 * for); elsewhere the status change the product can take and, for admins, its approval. Delete is
 * always in the menu, never a button next to the others, and asks first.
 */
export function rowActionsFor(
  product: ProductListItem,
  tab: ListTab,
  isAdmin: boolean,
): { buttons: BulkProductAction[]; menu: BulkProductAction[] } {
  const status: BulkProductAction[] = product.status === 'ACTIVE' ? ['draft'] : ['activate'];
  if (!isAdmin) return { buttons: [], menu: status };
  if (tab === 'WAITING') return { buttons: ['approve', 'unapprove'], menu: [...status, 'delete'] };
  return { buttons: [], menu: [...status, product.approved ? 'unapprove' : 'approve', 'delete'] };
}

export function RowActions({
  product,
  tab,
  isAdmin,
  onAction,
}: {
  product: ProductListItem;
  tab: ListTab;
  isAdmin: boolean;
  onAction: (action: BulkProductAction) => void;
}) {
  const { t } = useTranslation('products');
  const { buttons, menu } = rowActionsFor(product, tab, isAdmin);
  const label = (action: BulkProductAction) => t(`actions.${tab === 'WAITING' && action === 'unapprove' ? 'reject' : action}`);
  return (
    <div className="flex items-center justify-end gap-2">
      {buttons.map((action) => (
        <Button
          key={action}
          variant={action === 'approve' ? 'primary' : 'secondary'}
          onClick={() => onAction(action)}
          aria-label={`${label(action)}: ${product.title}`}
        >
          {label(action)}
        </Button>
      ))}
      <Menu as="div" className="relative">
        <MenuButton
          aria-label={t('actions.more', { title: product.title })}
          className="inline-flex size-9 items-center justify-center rounded-md text-gray-600 ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
            <circle cx="4" cy="10" r="1.6" />
            <circle cx="10" cy="10" r="1.6" />
            <circle cx="16" cy="10" r="1.6" />
          </svg>
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          className="z-30 mt-1 w-48 rounded-md bg-white py-1 shadow-lg ring-1 ring-gray-900/10 focus:outline-none"
        >
          {menu.map((action) => (
            <MenuItem key={action}>
              <button
                type="button"
                onClick={() => onAction(action)}
                className={`block w-full px-3 py-2 text-left text-sm data-focus:bg-gray-100 ${action === 'delete' ? 'text-red-700' : 'text-gray-800'}`}
              >
                {action === 'delete' ? `${t('actions.delete')}…` : label(action)}
              </button>
            </MenuItem>
          ))}
        </MenuItems>
      </Menu>
    </div>
  );
}
