import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { insertFromJson, jsonRowOf } from '#server/db/insert-many';
import { productLogs, products, productVariants } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import type { LogEntry } from './product-logs.ts';
import type { VariantRow } from './product-data.ts';
import type { ProductRow } from './product-scope.ts';

/**
 * A new product as a save plans it (createOrUpdateProduct's rules: vendor, handle, approval,
 * prices, totals, log), in the JSON form its rows take in the database: a caller keeps it there
 * (the CSV import's staging) and writes it later with `insertPlannedProducts`, without reading it back.
 */
export interface PlannedProduct {
  product: Record<string, unknown>;
  variants: Record<string, unknown>[];
  log: Record<string, unknown>;
  /** A vendor's product that waits for review: the admins are mailed. */
  submitted: boolean;
  vendorName: string;
}

export function plannedProductOf(next: ProductRow, variants: VariantRow[], log: LogEntry, submitted: boolean, vendorName: string): PlannedProduct {
  const { search: _search, ...columns } = next;
  return {
    product: jsonRowOf(products, columns),
    variants: variants.map((v) => jsonRowOf(productVariants, v)),
    log: jsonRowOf(productLogs, { ...log, note: log.note ?? null }),
    submitted,
    vendorName,
  };
}

/** A time planned earlier is the write's time. */
const atWrite = (planned: SQL) => sql`case when ${planned} is null then null else now() end`;

/**
 * Writes planned new products (products, variants, log entries: three statements) from where the
 * caller keeps them: `from` the table, `planned` its PlannedProduct column, `where` the rows to write.
 * Times are the write's; the log's author is the caller's.
 */
export async function insertPlannedProducts(tx: Db, auth: Pick<AuthContext, 'userId' | 'email'>, source: { from: SQL; planned: SQL; where: SQL }) {
  const { from, planned, where } = source;
  await insertFromJson(tx, products, { from, where, json: sql`${planned}->'product'`, computed: { createdAt: atWrite, updatedAt: atWrite, approvedAt: atWrite } });
  await insertFromJson(tx, productVariants, { from, where, many: true, json: sql`${planned}->'variants'`, computed: { createdAt: atWrite, updatedAt: atWrite } });
  await insertFromJson(tx, productLogs, {
    from,
    where,
    json: sql`${planned}->'log'`,
    computed: { id: () => sql`gen_random_uuid()`, userId: () => sql`${auth.userId}::uuid`, email: () => sql`${auth.email}`, createdAt: () => sql`clock_timestamp()` },
  });
}
