import {
  PRODUCT_APPROVAL_FILTERS,
  PRODUCT_SORTS,
  PRODUCT_STATUS_FILTERS,
  STOCK_FILTERS,
  type ProductListQuery,
  type ProductSort,
} from '#shared/schemas/products';

export type StatusFilter = (typeof PRODUCT_STATUS_FILTERS)[number];
export type StockFilter = (typeof STOCK_FILTERS)[number];
export type ApprovalFilter = (typeof PRODUCT_APPROVAL_FILTERS)[number];

/**
 * What the list shows, kept in the address (?status=&approval=&stock=&q=&sort=&reversed=&vendor=&after=|before=)
 * so a reload, a shared link and the back button give the same page. Defaults (DRAFT,
 * any stock, UPDATED_AT) are left out of the address.
 */
export interface ListState {
  status: StatusFilter;
  /** `waiting`: the admins' "Waiting for approval" view (every status, only products not approved yet). */
  approval: ApprovalFilter;
  stock: StockFilter;
  q: string;
  sort: ProductSort;
  /** The other way round from the sort's natural order (newest first for dates, A to Z for titles). */
  reversed: boolean;
  /** Admins in the marketplace view: one vendor's products. */
  vendor: string;
  after?: string;
  before?: string;
}

export const DEFAULT_LIST_STATE: ListState = {
  status: 'DRAFT',
  approval: 'any',
  stock: 'any',
  q: '',
  sort: 'UPDATED_AT',
  reversed: false,
  vendor: '',
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function readListState(params: URLSearchParams): ListState {
  const after = params.get('after') || undefined;
  // The server takes one cursor at a time; a hand-edited address with both keeps `after`.
  const before = after ? undefined : params.get('before') || undefined;
  return {
    status: oneOf(PRODUCT_STATUS_FILTERS, params.get('status'), DEFAULT_LIST_STATE.status),
    approval: oneOf(PRODUCT_APPROVAL_FILTERS, params.get('approval'), DEFAULT_LIST_STATE.approval),
    stock: oneOf(STOCK_FILTERS, params.get('stock'), DEFAULT_LIST_STATE.stock),
    q: params.get('q')?.trim() ?? '',
    sort: oneOf(PRODUCT_SORTS, params.get('sort'), DEFAULT_LIST_STATE.sort),
    reversed: params.get('reversed') === '1',
    vendor: params.get('vendor')?.trim() ?? '',
    ...(after ? { after } : {}),
    ...(before ? { before } : {}),
  };
}

export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status !== DEFAULT_LIST_STATE.status) params.set('status', state.status);
  if (state.approval !== DEFAULT_LIST_STATE.approval) params.set('approval', state.approval);
  if (state.stock !== DEFAULT_LIST_STATE.stock) params.set('stock', state.stock);
  if (state.q) params.set('q', state.q);
  if (state.sort !== DEFAULT_LIST_STATE.sort) params.set('sort', state.sort);
  if (state.reversed) params.set('reversed', '1');
  if (state.vendor) params.set('vendor', state.vendor);
  if (state.after) params.set('after', state.after);
  else if (state.before) params.set('before', state.before);
  return params;
}

/** A new filter, sort or tab starts again at the first page: a cursor belongs to one query. */
export function changeFilters(state: ListState, change: Partial<Omit<ListState, 'after' | 'before'>>): ListState {
  const { after: _after, before: _before, ...rest } = state;
  return { ...rest, ...change };
}

export function isFiltered(state: ListState): boolean {
  return state.q !== '' || state.stock !== 'any' || state.vendor !== '';
}

/** Dates sort newest first and titles A to Z unless reversed (the server's `reverse` means descending). */
export const isNaturallyDescending = (sort: ProductSort) => sort !== 'TITLE';

/** The "Waiting for approval" view: every status, only what an admin has not approved yet (GET products-v2?approval=waiting). */
export const WAITING_VIEW: Pick<ListState, 'status' | 'approval'> = { status: 'ALL', approval: 'waiting' };

/** The query of GET products-v2 and POST products/export for what the list shows: the export takes the same, so it exports what is seen. */
export function toListQuery(state: ListState, { withVendor }: { withVendor: boolean }): ProductListQuery {
  return {
    status: state.status,
    ...(state.approval !== 'any' ? { approval: state.approval } : {}),
    stock: state.stock,
    sort: state.sort,
    ...(state.reversed ? { reverse: !isNaturallyDescending(state.sort) } : {}),
    ...(state.q ? { q: state.q } : {}),
    ...(withVendor && state.vendor ? { vendor: state.vendor } : {}),
    ...(state.after ? { after: state.after } : {}),
    ...(state.before ? { before: state.before } : {}),
  };
}
