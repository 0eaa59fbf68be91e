import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SaveZoneSchema, type DeliveryRate, type RateField, type Zone, type ZoneAnswer } from '#shared/schemas/delivery';

/** A rate as the table edits it: the price and bounds as typed ('' while empty), no field as ''. */
export interface RateRow {
  name: string;
  description: string;
  price: string;
  field: RateField | '';
  min: string;
  max: string;
}

export interface ZoneFormValues {
  zone: {
    id?: string;
    zoneName: string;
    /** The currency of its prices. */
    currency: string;
    countries: { code: string; provinces: string[] }[];
    rates: RateRow[];
  };
}

export const emptyRate = (): RateRow => ({ name: '', description: '', price: '', field: '', min: '', max: '' });

const typed = (value: string | number | null) => (value === null ? '' : String(value));

/** The form of a zone, or of a new one priced in the store's currency. */
export function toZoneForm(zone: ZoneAnswer | null, storeCurrency: string): ZoneFormValues {
  if (!zone) return { zone: { zoneName: '', currency: storeCurrency, countries: [], rates: [emptyRate()] } };
  return {
    zone: {
      id: zone.id,
      zoneName: zone.zoneName,
      currency: zone.currency,
      countries: zone.countries.map((c) => ({ code: c.code, provinces: [...c.provinces] })),
      rates: zone.rates.map((r) => ({ ...r, field: r.field ?? '', min: typed(r.min), max: typed(r.max) })),
    },
  };
}

/**
 * A rate the row says: a price bound is amount text, as the price; a weight bound a number (what
 * is not one stays NaN, which the schema calls "Must be a number"); a rate without a field has no
 * bounds. An empty bound is none.
 */
function toRate({ field, min, max, ...rate }: RateRow): DeliveryRate {
  const empty = (text: string) => text.trim() === '';
  if (field === 'TOTAL_PRICE') return { ...rate, field, min: empty(min) ? null : min, max: empty(max) ? null : max };
  if (field === 'TOTAL_WEIGHT') return { ...rate, field, min: empty(min) ? null : Number(min), max: empty(max) ? null : Number(max) };
  return { ...rate, field: null };
}

/** The body the rows say. */
export function toZone(values: ZoneFormValues): { zone: Zone } {
  return { zone: { ...values.zone, rates: values.zone.rates.map(toRate) } };
}

const schemaResolver = zodResolver(SaveZoneSchema);

/** SaveZoneSchema, the server's own: its paths ('zone.rates.0.price', 'zone.countries.1.code') are the form's names. */
export const zoneResolver: Resolver<ZoneFormValues, unknown, { zone: Zone }> = async (values, context, options) =>
  (await schemaResolver(toZone(values), context, options as never)) as never;
