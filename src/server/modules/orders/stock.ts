import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { productVariants } from '#server/db/schema/index';

export interface StockMove {
  variantId: string;
  productId: string;
  /** − sold, + returned (a cancellation or a refund with restock). */
  delta: number;
}

/**
 * Moves the stock of our tracked variants (never below zero) and keeps the products' stock summary
 * in step, as a product save does. Variants are updated in id order, like the checkout's locks, so
 * two orders touching the same variants never wait on each other in a circle.
 */
export async function moveStock(tx: Db, moves: readonly StockMove[]) {
  const byVariant = new Map<string, number>();
  for (const move of moves) byVariant.set(move.variantId, (byVariant.get(move.variantId) ?? 0) + move.delta);
  const changed = [...byVariant].filter(([, delta]) => delta !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
  if (changed.length === 0) return;
  for (const [variantId, delta] of changed) {
    await tx
      .update(productVariants)
      .set({ stock: sql`greatest(${productVariants.stock} + ${delta}, 0)` })
      .where(eq(productVariants.id, variantId));
  }
  const productIds = [...new Set(moves.filter((m) => byVariant.get(m.variantId)).map((m) => m.productId))];
  await tx.execute(sql`
    update products p set
      total_stock = s.total_stock,
      in_stock = s.in_stock
    from (
      select v.product_id,
        coalesce(sum(v.stock) filter (where v.track_stock), 0)::int as total_stock,
        bool_or(not v.track_stock or v.stock > 0) as in_stock
      from product_variants v
      where v.product_id in (${sql.join(
        productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by v.product_id
    ) s
    where p.id = s.product_id`);
}
