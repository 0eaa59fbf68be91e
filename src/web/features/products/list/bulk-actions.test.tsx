import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next } from '#web/i18n/index.ts';
import type { ProductListItem } from '../api/list-products.ts';

// The row menu's floating panel measures its anchor; jsdom has no layout.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// The store's words are the plain ones.
vi.mock('../../../api/app-info.ts', () => ({ useAppInfo: () => ({ data: undefined }) }));

const { BulkActionBar, bulkActionsFor } = await import('./bulk-actions.tsx');
const { RowActions, rowActionsFor } = await import('./row-actions.tsx');

beforeAll(async () => {
  await i18next.loadNamespaces(['products']);
  await i18next.changeLanguage('en');
});

const product = (over: Partial<ProductListItem> = {}) =>
  ({ id: 'p1', title: 'Blue mug', status: 'DRAFT', approved: false, ...over }) as ProductListItem;

describe('the bulk bar', () => {
  it('offers every product the filter matches once the whole page is selected, and says when they are', () => {
    const onSelectMatching = vi.fn();
    const props = { tab: 'DRAFT' as const, isAdmin: false, onAction: vi.fn(), onClear: vi.fn(), onSelectMatching };
    const { rerender } = render(<BulkActionBar {...props} count={25} matching={{ count: 4000, capped: false, selected: false }} />);
    const bar = screen.getByRole('region', { name: 'Selected products' });
    expect(within(bar).getByText('25 products selected')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Select all 4000 matching products' }));
    expect(onSelectMatching).toHaveBeenCalledWith(true);

    rerender(<BulkActionBar {...props} count={4000} matching={{ count: 4000, capped: false, selected: true }} />);
    expect(within(bar).getByText('All 4000 matching products selected')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Select only this page' }));
    expect(onSelectMatching).toHaveBeenLastCalledWith(false);
    // a vendor's drafts: set them active; no set-to-draft on the Draft tab, no delete for vendors
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Select only this page', 'Set active', 'Clear selection']);
  });

  it('gives each tab its own actions', () => {
    expect(bulkActionsFor('DRAFT', false)).toEqual(['activate']);
    expect(bulkActionsFor('ACTIVE', false)).toEqual(['draft']);
    expect(bulkActionsFor('WAITING', true)).toEqual(['approve', 'unapprove', 'activate', 'draft', 'delete']);
    expect(bulkActionsFor('ALL', true)).toEqual(['activate', 'draft', 'approve', 'unapprove', 'delete']);
  });
});

describe('a row’s actions', () => {
  it('on the approval tab: Approve and Reject as buttons, Delete only in the menu', async () => {
    const onAction = vi.fn();
    render(<RowActions product={product()} tab="WAITING" isAdmin onAction={onAction} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reject: Blue mug' }));
    expect(onAction).toHaveBeenCalledWith('unapprove');
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'More actions for Blue mug' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    expect(onAction).toHaveBeenLastCalledWith('delete');
  });

  it('elsewhere: the status the product can take and its approval; a vendor never deletes', () => {
    expect(rowActionsFor(product({ status: 'ACTIVE', approved: true }), 'ALL', true)).toEqual({
      buttons: [],
      menu: ['draft', 'unapprove', 'delete'],
    });
    expect(rowActionsFor(product(), 'DRAFT', false)).toEqual({ buttons: [], menu: ['activate'] });
  });
});
