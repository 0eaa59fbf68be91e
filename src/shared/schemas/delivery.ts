import { z } from 'zod';
import { MONEY_MESSAGES, MoneyTextSchema, moneyAmount } from './money.ts';
import { findMarket, type Market } from '../delivery-markets.ts';
import { MSG } from '../messages.ts';
import { CurrencyCodeSchema, requiredText } from './common.ts';

/**
 * Delivery. On the wire a rate's price and price bounds are amount text of the zone's currency
 * ("12.50"); weight bounds are numbers in the store's weight unit (KILOGRAMS by default). Zones store
 * them as major-unit numbers, converted by src/shared/delivery-rates.ts.
 */

export const RATE_FIELDS = ['TOTAL_WEIGHT', 'TOTAL_PRICE'] as const;
export type RateField = (typeof RATE_FIELDS)[number];

export const MAX_ZONES = 200;
export const MAX_RATES_PER_ZONE = 100;
export const MAX_RATE_NAMES = 5;
/** A bound no real price or weight reaches, so that unit conversions stay exact. */
const MAX_VALUE = 1_000_000_000;

export const DELIVERY_MESSAGES = {
  required: MSG.required,
  notANumber: 'Must be a number',
  countryCodeRequired: 'Country code is required',
  unknownCountry: 'Unknown country code',
  unknownProvince: 'Unknown province',
  greaterThan: (min: number) => `should be greater than ${min}`,
  lessThan: (max: number) => `should be less than ${max}`,
  rateNamesMin: 'There should be at least one rate name',
  rateNamesMax: `There should be at most ${MAX_RATE_NAMES} rate names`,
  tooManyRates: `There should be at most ${MAX_RATES_PER_ZONE} rates`,
  tooManyZones: `There should be at most ${MAX_ZONES} zones`,
  zoneNotFound: 'Zone not found',
  optionUnavailable: 'This delivery option is not available',
  rateField: 'Must be TOTAL_WEIGHT or TOTAL_PRICE',
} as const;

/** The names of the options that are not a zone's or a carrier's rate. */
export const DELIVERY_OPTION_NAMES = { shipping: 'Shipping', localPickup: 'Local pickup' } as const;
/** The ids of those options (a named rate's id is `rate:` and its name). */
export const DELIVERY_OPTION_IDS = { shipping: 'shipping', localPickup: 'local-pickup' } as const;

const number = () =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === '' ? MSG.required : DELIVERY_MESSAGES.notANumber,
  });
/** An amount of a rate as sent: amount text, 0 or more. */
const amount = () =>
  moneyAmount(MONEY_MESSAGES.notAnAmount, DELIVERY_MESSAGES.greaterThan(0)).refine(
    // Only a readable amount is compared (an unreadable one already has its message).
    (text) => !(Number(text) > MAX_VALUE),
    DELIVERY_MESSAGES.lessThan(MAX_VALUE),
  );
/** A weight of a rate's bound, in the store's weight unit. */
const weight = () => number().min(0, DELIVERY_MESSAGES.greaterThan(0)).max(MAX_VALUE, DELIVERY_MESSAGES.lessThan(MAX_VALUE));

/** A bounded rate's own rule: its max not below its min (null or absent = no bound). */
function maxNotBelowMin(rate: { min?: string | number | null; max?: string | number | null }, ctx: z.RefinementCtx) {
  if (rate.min != null && rate.max != null && Number(rate.max) < Number(rate.min)) {
    ctx.addIssue({ code: 'custom', path: ['max'], message: DELIVERY_MESSAGES.greaterThan(Number(rate.min)) });
  }
}

const rateFields = {
  name: requiredText(200),
  description: z.string().trim().max(1000).default(''),
  price: amount(),
};

/**
 * A rate of a zone. Without a field it always applies; with one, when the cart's total price
 * (bounds: amount text) or total weight (bounds: numbers) is within [min, max].
 */
export const DeliveryRateSchema = z.discriminatedUnion(
  'field',
  [
    z
      .object({
        ...rateFields,
        field: z.literal('TOTAL_PRICE'),
        min: amount().nullable().default(null),
        max: amount().nullable().default(null),
      })
      .superRefine(maxNotBelowMin),
    z
      .object({
        ...rateFields,
        field: z.literal('TOTAL_WEIGHT'),
        min: weight().nullable().default(null),
        max: weight().nullable().default(null),
      })
      .superRefine(maxNotBelowMin),
    z.object({ ...rateFields, field: z.null().default(null), min: z.null().optional(), max: z.null().optional() }),
  ],
  { error: DELIVERY_MESSAGES.rateField },
);
export type DeliveryRate = z.infer<typeof DeliveryRateSchema>;

const countryCode = z
  .string({ error: DELIVERY_MESSAGES.countryCodeRequired })
  .trim()
  .toUpperCase()
  .min(1, DELIVERY_MESSAGES.countryCodeRequired)
  .refine((code) => code === '' || findMarket(code) !== null, DELIVERY_MESSAGES.unknownCountry);

/** A country of a zone; provinces empty = the whole country. */
export const ZoneCountrySchema = z
  .object({
    code: countryCode,
    provinces: z.array(z.string().trim().toUpperCase().min(1, MSG.required).max(10)).max(200).default([]),
  })
  .superRefine((country, ctx) => {
    const market = findMarket(country.code);
    if (!market || market.provinces.length === 0) return;
    country.provinces.forEach((province, i) => {
      if (!market.provinces.some((p) => p.code === province))
        ctx.addIssue({ code: 'custom', path: ['provinces', i], message: DELIVERY_MESSAGES.unknownProvince });
    });
  });
export type ZoneCountry = z.infer<typeof ZoneCountrySchema>;

/** A zone as the editor sends it; with an id it updates that zone. */
export const ZoneSchema = z.object({
  id: z.uuid({ error: DELIVERY_MESSAGES.zoneNotFound }).optional(),
  zoneName: requiredText(200),
  /**
   * The currency its prices are typed in; absent: the store's currency for a new zone, the zone's
   * own for an edit (a zone only ships carts in its currency).
   */
  currency: CurrencyCodeSchema.optional(),
  rates: z.array(DeliveryRateSchema).max(MAX_RATES_PER_ZONE, DELIVERY_MESSAGES.tooManyRates).default([]),
  countries: z.array(ZoneCountrySchema).max(300).default([]),
});
export type Zone = z.infer<typeof ZoneSchema>;

/** POST settings/delivery/zone. */
export const SaveZoneSchema = z.object({ zone: ZoneSchema });

const rateAnswerFields = { name: z.string(), description: z.string(), price: MoneyTextSchema };

/** A stored zone as answered. */
export const ZoneAnswerSchema = z.object({
  id: z.string(),
  zoneName: z.string(),
  currency: z.string(),
  /** Prices and price bounds in the zone's `currency`. */
  rates: z.array(
    z.discriminatedUnion('field', [
      z.object({ ...rateAnswerFields, field: z.literal('TOTAL_PRICE'), min: MoneyTextSchema.nullable(), max: MoneyTextSchema.nullable() }),
      z.object({ ...rateAnswerFields, field: z.literal('TOTAL_WEIGHT'), min: z.number().nullable(), max: z.number().nullable() }),
      z.object({ ...rateAnswerFields, field: z.null(), min: z.null(), max: z.null() }),
    ]),
  ),
  countries: z.array(z.object({ code: z.string(), provinces: z.array(z.string()) })),
});
export type ZoneAnswer = z.infer<typeof ZoneAnswerSchema>;
/** POST settings/delivery/zone: the zone as stored (200 updated, 201 created). */
export const SavedZoneAnswerSchema = z.object({ zone: ZoneAnswerSchema });
/** DELETE settings/delivery/zone/{id}. */
export const ZoneDeletedAnswerSchema = z.object({ ok: z.literal(true) });

export const MarketSchema: z.ZodType<Market> = z.object({
  code: z.string(),
  name: z.string(),
  provinces: z.array(z.object({ code: z.string(), name: z.string() })),
});

/** GET settings/delivery/zones; `currency` is the store's, that of a new zone. */
export const ZonesAnswerSchema = z.object({ zones: z.array(ZoneAnswerSchema), markets: z.array(MarketSchema), currency: z.string() });

/** Whose zones or settings an admin works on (ignored for a vendor: always its own). */
export const DeliveryScopeQuerySchema = z.object({ vendor: z.string().trim().max(200).optional() });

/** PUT settings/delivery replaces the whole object, so every key is required (a partial body would reset the rest). */
const DeliverySettingsFields = {
  /** true: delivery on; false: off; 'override': the rate names below replace the rates' own names at checkout. */
  enabled: z.union([z.boolean(), z.literal('override')], { error: 'Must be true, false or override' }),
  rateNames: z.array(requiredText(100)),
  shippo: z.object({ enabled: z.boolean() }),
  enableLiveRates: z.boolean(),
  enableFlatRates: z.boolean(),
  enableLocalPickup: z.boolean(),
  enableRateNames: z.boolean(),
  /** The marketplace zones (ids) that apply to vendors who have none of their own, when enabled. */
  defaultShipping: z.object({ zones: z.array(z.string().max(100)).max(MAX_ZONES), enabled: z.boolean() }),
};

/** The delivery settings of the marketplace or of a vendor, with the spec's rateNames rule. */
export const DeliverySettingsSchema = z.object(DeliverySettingsFields).superRefine((settings, ctx) => {
  if (settings.enabled === 'override' && settings.rateNames.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['rateNames'], message: DELIVERY_MESSAGES.rateNamesMin });
  }
  if (settings.rateNames.length > MAX_RATE_NAMES)
    ctx.addIssue({ code: 'custom', path: ['rateNames'], message: DELIVERY_MESSAGES.rateNamesMax });
});
export type DeliverySettings = z.infer<typeof DeliverySettingsSchema>;

/** The settings as answered (no cross-field rules on the way out). */
export const DeliverySettingsAnswerSchema = z.object(DeliverySettingsFields);
/** GET and PUT settings/delivery. */
export const DeliveryAnswerSchema = z.object({ delivery: DeliverySettingsAnswerSchema });

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  enabled: false,
  rateNames: [],
  shippo: { enabled: false },
  enableLiveRates: false,
  enableFlatRates: true,
  enableLocalPickup: false,
  enableRateNames: false,
  defaultShipping: { zones: [], enabled: false },
};

/** A delivery option a buyer can choose at checkout; price in major units as text ("4.95"). */
export const DeliveryOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: MoneyTextSchema,
  kind: z.enum(['rate', 'pickup']),
});
export type DeliveryOptionAnswer = z.infer<typeof DeliveryOptionSchema>;

/** What the buyer is offered for a cart (empty when nothing in it needs shipping). */
export const DeliveryOptionsAnswerSchema = z.object({ currency: z.string(), options: z.array(DeliveryOptionSchema) });

/** POST settings/delivery/preview: a cart of the scope's own products, as a buyer would see its options. */
export const DeliveryPreviewBodySchema = z.object({
  country: countryCode,
  province: z.string().trim().toUpperCase().max(10).default(''),
  /** In the store's weight unit. */
  totalWeight: number().min(0, DELIVERY_MESSAGES.greaterThan(0)).max(MAX_VALUE, DELIVERY_MESSAGES.lessThan(MAX_VALUE)),
  /** Amount text of the store's currency. */
  totalPrice: amount(),
  /** Whether every product of the cart allows local pickup. */
  localPickup: z.boolean().default(false),
});
export type DeliveryPreviewBody = z.infer<typeof DeliveryPreviewBodySchema>;
