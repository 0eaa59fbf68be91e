import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import { revisionChanges } from '#shared/product-revision-diff';
import {
  ProductDocumentSchema,
  REVISION_PAGE_SIZE,
  type ProductRevisionAnswer,
  type Revision,
  type RevisionListAnswer,
} from '#shared/schemas/product-revisions';
import { currencyDecimals } from '#shared/money';
import type { AppContext } from '#server/context';
import { productRevisions, products, productVariants, vendors } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { documentOf } from './product-data.ts';
import { getScopedProduct, scopeOf } from './product-scope.ts';

type RevisionRow = typeof productRevisions.$inferSelect;

/**
 * GET products-v2/{productId}/revision: the live product beside its pending revision, with the
 * field-by-field changes, and the last decided revision when it was rejected (its note says why).
 */
export async function getProductRevision(ctx: AppContext, auth: AuthContext, productId: string): Promise<ProductRevisionAnswer> {
  const product = await getScopedProduct(ctx.db, scopeOf(auth), productId);
  const ofProduct = (status: SQL) => and(eq(productRevisions.storeId, auth.storeId), eq(productRevisions.productId, product.id), status);
  const [variants, [pending], [lastDecided]] = await Promise.all([
    ctx.db.select().from(productVariants).where(eq(productVariants.productId, product.id)).orderBy(asc(productVariants.position)),
    ctx.db
      .select()
      .from(productRevisions)
      .where(ofProduct(eq(productRevisions.status, 'pending'))),
    ctx.db
      .select()
      .from(productRevisions)
      .where(ofProduct(ne(productRevisions.status, 'pending')))
      .orderBy(desc(productRevisions.updatedAt))
      .limit(1),
  ]);
  const live = documentOf(product, variants, currencyDecimals(product.currency));
  const answer = (row: RevisionRow): Revision => {
    const proposed = ProductDocumentSchema.parse(row.document);
    return {
      id: row.id,
      productId: row.productId,
      status: row.status,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      currency: product.currency,
      live,
      proposed,
      changes: revisionChanges(live, proposed),
    };
  };
  return {
    pending: pending ? answer(pending) : null,
    rejected: !pending && lastDecided?.status === 'rejected' ? answer(lastDecided) : null,
  };
}

/** GET products-v2/revisions: the pending revisions of the caller's scope, oldest first, a page of 25 with the count. */
export async function listRevisions(ctx: AppContext, auth: AuthContext, page: number): Promise<RevisionListAnswer> {
  const where = and(
    eq(productRevisions.storeId, auth.storeId),
    eq(productRevisions.status, 'pending'),
    auth.vendorId ? eq(productRevisions.vendorId, auth.vendorId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ revision: productRevisions, title: products.title, media: products.media, vendor: vendors.name })
      .from(productRevisions)
      .innerJoin(products, and(eq(products.storeId, productRevisions.storeId), eq(products.id, productRevisions.productId)))
      .innerJoin(vendors, eq(vendors.id, productRevisions.vendorId))
      .where(where)
      .orderBy(asc(productRevisions.createdAt), asc(productRevisions.id))
      .limit(REVISION_PAGE_SIZE)
      .offset((page - 1) * REVISION_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(productRevisions).where(where),
  ]);
  return {
    page,
    count: total?.n ?? 0,
    revisions: rows.map(({ revision, title, media, vendor }) => {
      const proposed = revision.document as { title?: string; media?: { src: string }[] };
      return {
        id: revision.id,
        productId: revision.productId,
        title,
        proposedTitle: proposed.title ?? title,
        vendor,
        image: proposed.media?.[0]?.src ?? media[0]?.src ?? null,
        createdAt: revision.createdAt.toISOString(),
      };
    }),
  };
}
