import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SaveZoneSchema, type RateField, type Zone, type ZoneAnswer } from '#shared/schemas/delivery';

/** A rate as the table edits it: numbers null while empty, no field as ''. */
export interface RateRow {
  name: string;
  description: string;
  price: number | null;
  field: RateField | '';
  min: number | null;
  max: number | null;
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

export const emptyRate = (): RateRow => ({ name: '', description: '', price: null, field: '', min: null, max: null });

/** The form of a zone, or of a new one priced in the store's currency. */
export function toZoneForm(zone: ZoneAnswer | null, storeCurrency: string): ZoneFormValues {
  if (!zone) return { zone: { zoneName: '', currency: storeCurrency, countries: [], rates: [emptyRate()] } };
  return {
    zone: {
      id: zone.id,
      zoneName: zone.zoneName,
      currency: zone.currency,
      countries: zone.countries.map((c) => ({ code: c.code, provinces: [...c.provinces] })),
      rates: zone.rates.map((r) => ({ ...r, field: r.field ?? '' })),
    },
  };
}

/** The body the rows say: a rate without a field has no bounds to compare with. */
export function toZone(values: ZoneFormValues): { zone: Zone } {
  return {
    zone: {
      ...values.zone,
      rates: values.zone.rates.map((r) => ({ ...r, field: r.field || null })),
    } as Zone,
  };
}

const schemaResolver = zodResolver(SaveZoneSchema);

/** SaveZoneSchema, the server's own: its paths ('zone.rates.0.price', 'zone.countries.1.code') are the form's names. */
export const zoneResolver: Resolver<ZoneFormValues, unknown, { zone: Zone }> = async (values, context, options) =>
  (await schemaResolver(toZone(values), context, options as never)) as never;

export const numberOrNull = (value: unknown): number | null =>
  value === '' || value === null || value === undefined ? null : Number(value);
