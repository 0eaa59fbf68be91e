import { useState } from 'react';
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
import { applyOneProductAction, applyProductAction, type ProductAction } from './api/apply-product-action.ts';
import { BulkActionBar, BulkResultNote, type BulkResult } from './bulk-actions.tsx';
import { primaryLinkClass, secondaryLinkClass } from '#web/components/link-styles.ts';
import { changeFilters, isFiltered, readListState, toListQuery, writeListState, type ListState } from './list-query.ts';
import { NoteDialog } from './note-dialog.tsx';
import { ListEmpty } from './list-empty.tsx';
import { Pager } from './pager.tsx';
import { ProductFilters } from './product-filters.tsx';
import { ProductTable, ProductTableSkeleton } from './product-table.tsx';
import { StatusTabs, useTabCounts } from './status-tabs.tsx';

type Pending = { kind: 'approve' | 'unapprove' | 'delete'; products: ProductListItem[] } | null;

/**
 * /app/products: the caller's products by status tab (admins also "Waiting for approval"),
 * filtered, sorted and paged by cursor, all in the address; Export takes the same query. Admins select products for Approve / Unapprove (with a note) and Delete, and in the
 * marketplace view see and filter by vendor.
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
  const exportFlow = useExportFlow({ kind: 'products', start: startProductExport, followId: params.get('export'), onDismiss: () => go(state, true) });

  // The selection belongs to the page it was made on: another page, tab or filter starts empty.
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key: queryKey, ids: new Set() });
  const products = data?.products ?? [];
  const selectedIds = new Set(selection.key === queryKey ? products.filter((p) => selection.ids.has(p.id)).map((p) => p.id) : []);
  const select = (ids: string[], isSelected: boolean) => {
    const next = new Set(selectedIds);
    for (const id of ids) {
      if (isSelected) next.add(id);
      else next.delete(id);
    }
    setSelection({ key: queryKey, ids: next });
  };
  const clearSelection = () => setSelection({ key: queryKey, ids: new Set() });

  const [pending, setPending] = useState<Pending>(null);
  const [result, setResult] = useState<BulkResult | null>(null);

  const go = (next: ListState, replace = false) => setParams(writeListState(next), { replace });
  const changeFilter = (change: Partial<ListState>) => go(changeFilters(state, change), 'q' in change);

  const runBulk = async (kind: ProductAction, targets: ProductListItem[], note?: string) => {
    const failures = await applyProductAction(
      targets.map((p) => p.id),
      kind,
      note,
    );
    const titles = new Map(targets.map((p) => [p.id, p.title]));
    setResult({ action: kind, succeeded: targets.length - failures.length, failures: failures.map((f) => ({ title: titles.get(f.id) ?? f.id, message: f.message })) });
    clearSelection();
  };

  const startBulk = (kind: ProductAction) => {
    setResult(null);
    setPending({ kind, products: products.filter((p) => selectedIds.has(p.id)) });
  };

  const isFirstLoad = isLoading && !data;
  const allCount = counts.ALL;
  const isStoreEmpty = !isFiltered(state) && state.approval === 'any' && allCount?.count === 0;

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
      {result && <BulkResultNote result={result} onDismiss={() => setResult(null)} />}
      {isAdmin && selectedIds.size > 0 && <BulkActionBar count={selectedIds.size} onAction={startBulk} onClear={clearSelection} />}

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
          {error && (
            <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} />
          )}
          <ProductTable
            products={products}
            isAdmin={isAdmin}
            showVendor={withVendor}
            selected={selectedIds}
            onSelect={select}
            onDelete={(product) => {
              setResult(null);
              setPending({ kind: 'delete', products: [product] });
            }}
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
        <NoteDialog action={pending.kind} count={pending.products.length} onConfirm={(note) => runBulk(pending.kind, pending.products, note)} onClose={() => setPending(null)} />
      )}
      <ConfirmDialog
        open={pending?.kind === 'delete'}
        title={
          pending?.products.length === 1
            ? t('actions.deleteTitle', { title: pending.products[0].title })
            : t('actions.deleteManyTitle', { ...words, count: pending?.products.length ?? 0 })
        }
        confirmLabel={t('actions.delete')}
        onConfirm={async () => {
          if (!pending) return;
          if (pending.products.length === 1) {
            await applyOneProductAction(pending.products[0].id, 'delete');
            select([pending.products[0].id], false);
          } else await runBulk('delete', pending.products);
        }}
        onClose={() => setPending(null)}
      >
        {t('actions.deleteText', { ...words, count: pending?.products.length ?? 0 })}
      </ConfirmDialog>
    </div>
  );
}
