import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { RateLike } from '#shared/delivery-rates';
import { majorToAmountText } from '#shared/money';
import { DELIVERY_MESSAGES, MAX_ZONES, type DeliveryRate, type Zone, type ZoneAnswer } from '#shared/schemas/delivery';
import type { Db } from '#server/db/client';
import { deliveryZones } from '#server/db/schema/index';
import { majorFromBody } from '#server/http/amounts';
import { badRequest, notFound } from '#server/http/errors';
import { readStoreCurrency } from '../settings/index.ts';
import type { VendorScope } from '../vendors/index.ts';

/** A rate as a zone stores it: its price and price bounds in major units of the zone's currency. */
type StoredRate = Required<RateLike> & { description: string };

/** A zone as stored, with its row's id and currency. */
export interface StoredZone {
  id: string;
  zoneName: string;
  currency: string;
  rates: StoredRate[];
  countries: { code: string; provinces: string[] }[];
}

/** The rows of one scope only: a vendor's zones, or the marketplace's (vendor_id null). */
const inScope = (scope: VendorScope): SQL =>
  and(
    eq(deliveryZones.storeId, scope.storeId),
    scope.vendorId === null ? isNull(deliveryZones.vendorId) : eq(deliveryZones.vendorId, scope.vendorId),
  )!;

const zoneColumns = { id: deliveryZones.id, zone: deliveryZones.zone, currency: deliveryZones.currency };

function toStoredZone(row: { id: string; zone: Record<string, unknown>; currency: string }): StoredZone {
  const zone = row.zone as Partial<Omit<StoredZone, 'id' | 'currency'>>;
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

/** A stored zone as answered: prices and price bounds as amount text of its currency, weight bounds as they are. */
export function toZoneAnswer(zone: StoredZone): ZoneAnswer {
  const money = (major: number | null) => (major === null ? null : majorToAmountText(major, zone.currency));
  return {
    ...zone,
    rates: zone.rates.map(({ field, min, max, ...rate }) => {
      const common = { ...rate, price: majorToAmountText(rate.price, zone.currency) };
      if (field === 'TOTAL_PRICE') return { ...common, field, min: money(min), max: money(max) };
      if (field === 'TOTAL_WEIGHT') return { ...common, field, min, max };
      return { ...common, field: null, min: null, max: null };
    }),
  };
}

/** Rates as sent (amount text of the zone's currency) as stored; more decimals than it has is a 400 on the field. */
function toStoredRates(rates: readonly DeliveryRate[], currency: string): StoredRate[] {
  return rates.map((rate, i) => {
    const major = (amount: string | null | undefined, field: string) =>
      amount == null ? null : majorFromBody(amount, currency, `zone.rates.${i}.${field}`);
    const common = { name: rate.name, description: rate.description, price: major(rate.price, 'price')! };
    if (rate.field === 'TOTAL_PRICE') return { ...common, field: rate.field, min: major(rate.min, 'min'), max: major(rate.max, 'max') };
    if (rate.field === 'TOTAL_WEIGHT') return { ...common, field: rate.field, min: rate.min, max: rate.max };
    return { ...common, field: null, min: null, max: null };
  });
}

/** The zones of a scope, oldest first (bounded: a scope has at most MAX_ZONES). */
export async function listDeliveryZones(db: Db, scope: VendorScope): Promise<StoredZone[]> {
  const rows = await db
    .select(zoneColumns)
    .from(deliveryZones)
    .where(inScope(scope))
    .orderBy(asc(deliveryZones.createdAt), asc(deliveryZones.id))
    .limit(MAX_ZONES);
  return rows.map(toStoredZone);
}

/**
 * POST settings/delivery/zone: creates a zone in the scope, or, with an id, updates that zone if it
 * belongs to the scope; a zone of another vendor or store is "not found" and stays as it is. A new
 * zone's prices are in the store's currency unless the body names another; an edit keeps the zone's
 * currency unless it names one (an admin moving a zone to the store's new currency retypes its prices).
 */
export async function saveDeliveryZone(db: Db, scope: VendorScope, input: Zone): Promise<{ zone: ZoneAnswer; created: boolean }> {
  const { id, currency: named, ...zone } = input;
  if (id) {
    const [existing] = await db
      .select({ currency: deliveryZones.currency })
      .from(deliveryZones)
      .where(and(eq(deliveryZones.id, id), inScope(scope)));
    if (!existing) throw notFound(DELIVERY_MESSAGES.zoneNotFound);
    const currency = named ?? existing.currency;
    const [row] = await db
      .update(deliveryZones)
      .set({ zone: { ...zone, rates: toStoredRates(zone.rates, currency) }, currency, updatedAt: sql`now()` })
      .where(and(eq(deliveryZones.id, id), inScope(scope)))
      .returning(zoneColumns);
    if (!row) throw notFound(DELIVERY_MESSAGES.zoneNotFound);
    return { zone: toZoneAnswer(toStoredZone(row)), created: false };
  }
  const currency = named ?? (await readStoreCurrency(db, scope.storeId));
  const rates = toStoredRates(zone.rates, currency);
  const [{ zones }] = await db.select({ zones: count() }).from(deliveryZones).where(inScope(scope));
  if (zones >= MAX_ZONES) throw badRequest(DELIVERY_MESSAGES.tooManyZones);
  const [row] = await db
    .insert(deliveryZones)
    .values({ storeId: scope.storeId, vendorId: scope.vendorId, zone: { ...zone, rates }, currency })
    .returning(zoneColumns);
  return { zone: toZoneAnswer(toStoredZone(row)), created: true };
}

/** DELETE settings/delivery/zone/{id}: only a zone of the scope. */
export async function deleteDeliveryZone(db: Db, scope: VendorScope, id: string) {
  const deleted = await db
    .delete(deliveryZones)
    .where(and(eq(deliveryZones.id, id), inScope(scope)))
    .returning({ id: deliveryZones.id });
  if (deleted.length === 0) throw notFound(DELIVERY_MESSAGES.zoneNotFound);
}
