import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useSession } from '#web/session/use-session.ts';
import { ExportButton, ExportPanel, useExportFlow } from '#web/components/exports/export-flow.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { startProductExport } from '../api/export-products.ts';
import { useProducts, type ProductListItem } from '../api/list-products.ts';
import { bulkProducts, type BulkProductAction, type ProductBulkFilter } from './api/bulk-products.ts';
import { BulkActionBar, BulkResultNote, type BulkResult } from './bulk-actions.tsx';
import { primaryLinkClass, secondaryLinkClass } from '#web/components/link-styles.ts';
import { changeFilters, isFiltered, readListState, toListQuery, writeListState, type ListState } from './list-query.ts';
import { NoteDialog } from './note-dialog.tsx';
import { ListEmpty } from './list-empty.tsx';
import { Pager } from './pager.tsx';
import { PendingRevisions } from './pending-revisions.tsx';
import { ProductFilters } from './product-filters.tsx';
import { ProductTable, ProductTableSkeleton } from './product-table.tsx';
import { StatusTabs, useTabCounts, type ListTab } from './status-tabs.tsx';

/** An action waiting for its confirmation: on chosen products, or on every product the filter matches. */
type Pending = { kind: BulkProductAction; target: { ids: string[] } | { filter: ProductBulkFilter }; count: number; title?: string } | null;

/**
 * /app/products: the caller's products by status tab (admins also "Waiting for approval"),
 * filtered, sorted and paged by cursor, all in the address; Export takes the same query. Opened
 * without a tab it shows Draft (the spec's default) unless Draft is empty and other products
 * exist: then the tab that has them. Products are selected on the page, or all the filter
 * matches, for Set active / Set to draft and (admins) Approve / Unapprove (with a note) and
 * Delete, each confirmed; admins in the marketplace view see and filter by vendor.
 */
export function ProductsPage() {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  usePageTitle(words.Products);
  const user = useSession();
  const isAdmin = !!user?.admin;
  const withVendor = isAdmin && !!user?.marketplaceView;
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const query = toListQuery(state, { withVendor });
  const queryKey = writeListState(state).toString();
  const { data, error, isLoading, mutate } = useProducts(query);
  const counts = useTabCounts(state, withVendor, data ? { count: data.count, capped: data.countCapped } : undefined, isAdmin);
  // The export-ready e-mail links here with ?export=<id>; closing the panel drops it from the address.
  const exportFlow = useExportFlow({
    kind: 'products',
    start: startProductExport,
    followId: params.get('export'),
    onDismiss: () => go(state, true),
  });

  // The selection belongs to the page it was made on: another page, tab or filter starts empty.
  const [selection, setSelection] = useState<{ key: string; ids: Set<string>; allMatching: boolean }>({
    key: queryKey,
    ids: new Set(),
    allMatching: false,
  });
  const products = data?.products ?? [];
  const isCurrent = selection.key === queryKey;
  const selectedIds = new Set(isCurrent ? products.filter((p) => selection.ids.has(p.id)).map((p) => p.id) : []);
  const isPageSelected = products.length > 0 && selectedIds.size === products.length;
  const allMatching = isCurrent && selection.allMatching && isPageSelected;
  const select = (ids: string[], isSelected: boolean) => {
    const next = new Set(selectedIds);
    for (const id of ids) {
      if (isSelected) next.add(id);
      else next.delete(id);
    }
    setSelection({ key: queryKey, ids: next, allMatching: false });
  };
  const clearSelection = () => setSelection({ key: queryKey, ids: new Set(), allMatching: false });

  const [pending, setPending] = useState<Pending>(null);
  const [result, setResult] = useState<BulkResult | null>(null);

  const go = (next: ListState, replace = false) => setParams(writeListState(next), { replace });
  const changeFilter = (change: Partial<ListState>) => go(changeFilters(state, change), 'q' in change);
  const tab: ListTab = state.approval === 'waiting' ? 'WAITING' : state.status;

  // Opened without a tab and nothing in Draft: the tab that has products, so the list does not open
  // empty. Decided once, when the counts come: the Draft tab chosen afterwards stays chosen.
  const isTabDecided = useRef(params.has('status') || params.has('approval') || isFiltered(state));
  const draftCount = counts.DRAFT?.count;
  const activeCount = counts.ACTIVE?.count;
  const allCount = counts.ALL?.count;
  useEffect(() => {
    if (isTabDecided.current || draftCount === undefined || activeCount === undefined || allCount === undefined) return;
    isTabDecided.current = true;
    if (draftCount > 0) return;
    if (activeCount > 0) go({ ...state, status: 'ACTIVE' }, true);
    else if (allCount > 0) go({ ...state, status: 'ALL' }, true);
    // go and state are new each render; the counts decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftCount, activeCount, allCount]);

  const run = async ({ kind, target }: NonNullable<Pending>, note?: string) => {
    const answer = await bulkProducts({ action: kind, note, ...target });
    setResult({ action: kind, succeeded: answer.succeeded, failures: answer.failures, queued: answer.queued ? answer.matched : undefined });
    clearSelection();
  };
  const listFilter = (): ProductBulkFilter => {
    const { status, approval, stock, q, vendor } = toListQuery(state, { withVendor });
    return { status, approval, stock, q, vendor };
  };
  const startBulk = (kind: BulkProductAction) => {
    setResult(null);
    setPending(
      allMatching && data
        ? { kind, target: { filter: listFilter() }, count: data.count }
        : { kind, target: { ids: [...selectedIds] }, count: selectedIds.size },
    );
  };
  const startRow = (product: ProductListItem, kind: BulkProductAction) => {
    setResult(null);
    setPending({ kind, target: { ids: [product.id] }, count: 1, title: product.title });
  };

  const isFirstLoad = isLoading && !data;
  const isStoreEmpty = !isFiltered(state) && state.approval === 'any' && allCount === 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{words.Products}</h1>
        <div className="flex flex-wrap gap-2">
          <ExportButton flow={exportFlow} query={query} />
          <Link to="/products/import" className={secondaryLinkClass}>
            {t('list.importCsv')}
          </Link>
          <Link to="/products/new" className={primaryLinkClass}>
            {t('list.newProduct', words)}
          </Link>
        </div>
      </div>
      <ExportPanel flow={exportFlow} words={{ item: words.product, items: words.products }} />
      <StatusTabs state={state} counts={counts} isAdmin={isAdmin} />
      <ProductFilters state={state} withVendor={withVendor} onChange={changeFilter} />
      {isAdmin && tab === 'WAITING' && <PendingRevisions />}
      {result && <BulkResultNote result={result} onDismiss={() => setResult(null)} />}
      {selectedIds.size > 0 && (
        <BulkActionBar
          tab={tab}
          isAdmin={isAdmin}
          count={allMatching && data ? data.count : selectedIds.size}
          matching={
            isPageSelected && data && data.count > products.length
              ? { count: data.count, capped: data.countCapped, selected: allMatching }
              : null
          }
          onSelectMatching={(all) => setSelection({ key: queryKey, ids: selectedIds, allMatching: all })}
          onAction={startBulk}
          onClear={clearSelection}
        />
      )}

      {isFirstLoad ? (
        <ProductTableSkeleton />
      ) : error && !data ? (
        <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} boxed />
      ) : products.length === 0 ? (
        <ListEmpty
          status={state.approval === 'waiting' ? 'WAITING' : state.status}
          isStoreEmpty={isStoreEmpty}
          isFiltered={isFiltered(state)}
          onClearFilters={() => go(changeFilters(state, { q: '', stock: 'any', vendor: '' }))}
        />
      ) : (
        <>
          {error && <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} />}
          <ProductTable
            products={products}
            tab={tab}
            isAdmin={isAdmin}
            showVendor={withVendor}
            selected={selectedIds}
            onSelect={select}
            onRowAction={startRow}
            isBusy={isLoading}
          />
          {data && (
            <Pager
              shown={products.length}
              count={data.count}
              capped={data.countCapped}
              pageInfo={data.pageInfo}
              onPrevious={() => go({ ...changeFilters(state, {}), before: data.pageInfo.startCursor ?? undefined })}
              onNext={() => go({ ...changeFilters(state, {}), after: data.pageInfo.endCursor ?? undefined })}
            />
          )}
        </>
      )}

      {(pending?.kind === 'approve' || pending?.kind === 'unapprove') && (
        <NoteDialog action={pending.kind} count={pending.count} onConfirm={(note) => run(pending, note)} onClose={() => setPending(null)} />
      )}
      <ConfirmDialog
        open={pending?.kind === 'delete' || pending?.kind === 'activate' || pending?.kind === 'draft'}
        title={
          pending?.title && pending.kind === 'delete'
            ? t('actions.deleteTitle', { title: pending.title })
            : t(`actions.${pending?.kind === 'activate' || pending?.kind === 'draft' ? pending.kind : 'deleteMany'}Title`, {
                ...words,
                count: pending?.count ?? 0,
              })
        }
        confirmLabel={t(`actions.${pending?.kind === 'activate' || pending?.kind === 'draft' ? pending.kind : 'delete'}`)}
        destructive={pending?.kind === 'delete'}
        onConfirm={async () => {
          if (pending) await run(pending);
        }}
        onClose={() => setPending(null)}
      >
        {t(`actions.${pending?.kind === 'activate' || pending?.kind === 'draft' ? pending.kind : 'delete'}Text`, {
          ...words,
          count: pending?.count ?? 0,
        })}
      </ConfirmDialog>
    </div>
  );
}
