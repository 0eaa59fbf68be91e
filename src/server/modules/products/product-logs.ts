import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { insertMany } from '#server/db/insert-many';
import { productLogs } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import type { AppContext } from '#server/context';
import { isUuid } from '#server/lib/is-uuid';
import { sameJson } from '#server/lib/same-json';
import { getScopedProduct, PRODUCT_NOT_FOUND, scopeOf } from './product-scope.ts';
import { notFound } from '#server/http/errors';

/** The newest entries a product's log shows. */
export const PRODUCT_LOGS_LIMIT = 200;
/** Long texts (descriptions) are cut in the log: it says what changed, not a copy of the product. */
const MAX_LOGGED_TEXT = 2000;
/** Beyond this many changed variants, the log keeps the counts only. */
const MAX_LOGGED_VARIANTS = 50;

export type Changes = Record<string, { before: unknown; after: unknown }>;
export type Snapshot = Record<string, unknown> & { variants?: { id: string }[] };

/** The value with its long texts cut; the value itself when none is (a product's every save logs its fields: no copies). */
function clip(value: unknown): unknown {
  if (typeof value === 'string') return value.length > MAX_LOGGED_TEXT ? `${value.slice(0, MAX_LOGGED_TEXT)}…` : value;
  if (!value || typeof value !== 'object') return value;
  // Walked without Object.entries: a created product's entry clips every field of it and its variants.
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const clipped = clip(value[i]);
      if (clipped !== value[i]) (copy ??= [...value])[i] = clipped;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | null = null;
  for (const k of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[k];
    const clipped = clip(v);
    if (clipped !== v) (copy ??= { ...value })[k] = clipped;
  }
  return copy ?? value;
}

/**
 * The before/after of each changed field. Variants are compared one by one (by id), so changing the
 * stock of one variant logs that variant only.
 */
export function diffSnapshots(before: Snapshot | null, after: Snapshot | null): Changes {
  if (!before && after) return created(after);
  const changes: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  keys.delete('variants');
  for (const key of keys) {
    const b = before?.[key];
    const a = after?.[key];
    if (!sameJson(b, a)) changes[key] = { before: clip(b ?? null), after: clip(a ?? null) };
  }
  const beforeVariants = new Map((before?.variants ?? []).map((v) => [v.id, v]));
  const afterVariants = new Map((after?.variants ?? []).map((v) => [v.id, v]));
  const variantChanges: Changes = {};
  for (const id of new Set([...beforeVariants.keys(), ...afterVariants.keys()])) {
    const b = beforeVariants.get(id) ?? null;
    const a = afterVariants.get(id) ?? null;
    if (sameJson(b, a)) continue;
    if (b && a) {
      // Only the fields of the variant that changed.
      const fields = Object.keys({ ...b, ...a }).filter(
        (k) => !sameJson((b as Record<string, unknown>)[k], (a as Record<string, unknown>)[k]),
      );
      variantChanges[`variants.${id}`] = {
        before: clip(Object.fromEntries(fields.map((k) => [k, (b as Record<string, unknown>)[k]]))),
        after: clip(Object.fromEntries(fields.map((k) => [k, (a as Record<string, unknown>)[k]]))),
      };
    } else variantChanges[`variants.${id}`] = { before: clip(b), after: clip(a) };
  }
  const count = Object.keys(variantChanges).length;
  if (count > MAX_LOGGED_VARIANTS) changes.variants = { before: beforeVariants.size, after: afterVariants.size };
  else Object.assign(changes, variantChanges);
  return changes;
}

/** diffSnapshots(null, after) without comparing: every field that has a value, from null. */
function created(after: Snapshot): Changes {
  const changes: Changes = {};
  for (const [key, value] of Object.entries(after))
    if (key !== 'variants' && value !== undefined && value !== null) changes[key] = { before: null, after: clip(value) };
  const variants = after.variants ?? [];
  if (variants.length > MAX_LOGGED_VARIANTS) changes.variants = { before: 0, after: variants.length };
  else for (const v of variants) changes[`variants.${v.id}`] = { before: null, after: clip(v) };
  return changes;
}

export interface LogEntry {
  storeId: string;
  productId: string;
  vendorId: string | null;
  action: string;
  changes: Changes;
  note?: string | null;
}

/** Appends one entry; pass the transaction so the entry exists exactly when the change does. */
export async function writeProductLog(db: Db, auth: Pick<AuthContext, 'userId' | 'email'>, entry: LogEntry) {
  await writeProductLogs(db, auth, [entry]);
}

/** clock_timestamp, not now(): entries of one transaction still get their order. One object, so `insertMany` computes it per row. */
const CLOCK = sql`clock_timestamp()`;

/** Entries of several products at once (an import's batch), in one statement. */
export async function writeProductLogs(db: Db, auth: Pick<AuthContext, 'userId' | 'email'>, entries: LogEntry[]) {
  await insertMany(db, productLogs, logRowsOf(auth, entries));
}

/** The log's rows of these entries, by the author (the time is the database's, at the write). */
export const logRowsOf = (auth: Pick<AuthContext, 'userId' | 'email'>, entries: LogEntry[]) =>
  entries.map((entry) => ({ ...entry, note: entry.note ?? null, userId: auth.userId, email: auth.email, createdAt: CLOCK }));

/**
 * GET logs/product/{productId}: newest first, bounded. The entries are scoped like the product, and
 * stay readable after a deletion (the log outlives the product); a foreign id is a 404.
 */
export async function listProductLogs(ctx: AppContext, auth: AuthContext, productId: string) {
  if (!isUuid(productId)) throw notFound(PRODUCT_NOT_FOUND);
  const conditions = [eq(productLogs.productId, productId), eq(productLogs.storeId, auth.storeId)];
  if (auth.vendorId) conditions.push(eq(productLogs.vendorId, auth.vendorId));
  const rows = await ctx.db
    .select()
    .from(productLogs)
    .where(and(...conditions))
    .orderBy(desc(productLogs.createdAt), desc(productLogs.id))
    .limit(PRODUCT_LOGS_LIMIT);
  if (rows.length === 0) await getScopedProduct(ctx.db, scopeOf(auth), productId);
  return {
    logs: rows.map((r) => ({
      id: r.id,
      action: r.action,
      email: r.email,
      note: r.note,
      changes: r.changes,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
