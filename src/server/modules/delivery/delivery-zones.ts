import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { DELIVERY_MESSAGES, MAX_ZONES, type Zone, type ZoneAnswer } from '#shared/schemas/delivery';
import type { Db } from '#server/db/client';
import { deliveryZones } from '#server/db/schema/index';
import { badRequest, notFound } from '#server/http/errors';
import { readStoreSettings } from '../settings/index.ts';
import type { VendorScope } from '../vendors/index.ts';

/** The rows of one scope only: a vendor's zones, or the marketplace's (vendor_id null). */
const inScope = (scope: VendorScope): SQL =>
  and(
    eq(deliveryZones.storeId, scope.storeId),
    scope.vendorId === null ? isNull(deliveryZones.vendorId) : eq(deliveryZones.vendorId, scope.vendorId),
  )!;

const answerColumns = { id: deliveryZones.id, zone: deliveryZones.zone, currency: deliveryZones.currency };

function toAnswer(row: { id: string; zone: Record<string, unknown>; currency: string }): ZoneAnswer {
  const zone = row.zone as Omit<Zone, 'id' | 'currency'>;
  return {
    id: row.id,
    zoneName: zone.zoneName ?? '',
    currency: row.currency,
    rates: (zone.rates ?? []).map((r) => ({
      name: r.name,
      description: r.description ?? '',
      price: r.price,
      field: r.field ?? null,
      min: r.min ?? null,
      max: r.max ?? null,
    })),
    countries: (zone.countries ?? []).map((c) => ({ code: c.code, provinces: c.provinces ?? [] })),
  };
}

/** The zones of a scope, oldest first (bounded: a scope has at most MAX_ZONES). */
export async function listDeliveryZones(db: Db, scope: VendorScope): Promise<ZoneAnswer[]> {
  const rows = await db
    .select(answerColumns)
    .from(deliveryZones)
    .where(inScope(scope))
    .orderBy(asc(deliveryZones.createdAt), asc(deliveryZones.id))
    .limit(MAX_ZONES);
  return rows.map(toAnswer);
}

/**
 * POST settings/delivery/zone: creates a zone in the scope, or, with an id, updates that zone if it
 * belongs to the scope; a zone of another vendor or store is "not found" and stays as it is. A new
 * zone's prices are in the store's currency unless the body names another; an edit keeps the zone's
 * currency unless it names one (an admin moving a zone to the store's new currency retypes its prices).
 */
export async function saveDeliveryZone(db: Db, scope: VendorScope, input: Zone): Promise<{ zone: ZoneAnswer; created: boolean }> {
  const { id, currency, ...zone } = input;
  if (id) {
    const [row] = await db
      .update(deliveryZones)
      .set({ zone, ...(currency ? { currency } : {}), updatedAt: sql`now()` })
      .where(and(eq(deliveryZones.id, id), inScope(scope)))
      .returning(answerColumns);
    if (!row) throw notFound(DELIVERY_MESSAGES.zoneNotFound);
    return { zone: toAnswer(row), created: false };
  }
  const [{ zones }] = await db.select({ zones: count() }).from(deliveryZones).where(inScope(scope));
  if (zones >= MAX_ZONES) throw badRequest(DELIVERY_MESSAGES.tooManyZones);
  const [row] = await db
    .insert(deliveryZones)
    .values({
      storeId: scope.storeId,
      vendorId: scope.vendorId,
      zone,
      currency: currency ?? (await readStoreSettings(db, scope.storeId)).currency,
    })
    .returning(answerColumns);
  return { zone: toAnswer(row), created: true };
}

/** DELETE settings/delivery/zone/{id}: only a zone of the scope. */
export async function deleteDeliveryZone(db: Db, scope: VendorScope, id: string) {
  const deleted = await db
    .delete(deliveryZones)
    .where(and(eq(deliveryZones.id, id), inScope(scope)))
    .returning({ id: deliveryZones.id });
  if (deleted.length === 0) throw notFound(DELIVERY_MESSAGES.zoneNotFound);
}
