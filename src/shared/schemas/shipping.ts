import { z } from 'zod';
import { MoneyTextSchema } from './money.ts';
import { MSG } from '../messages.ts';
import { AddressSchema, ADDRESS_FIELDS, DISTANCE_UNITS, MASS_UNITS, stateRequired } from './vendor-settings.ts';

/**
 * Shipping labels through Shippo.
 * Addresses keep the provider's snake_case keys (is_residential), as the spec lists them.
 */

export const SHIPPING_MESSAGES = {
  keyPrefix: 'Must start with shippo_',
  keyLength: 'Must be at least 40 characters',
  noKey: 'Connect a Shippo account first: no Shippo API key is set',
  vendorKeysOff: 'The marketplace does not let vendors connect their own Shippo account',
  rateNotFound: 'Rate not found',
  rateExpired: 'This rate is more than 7 days old and can no longer be bought: get new rates',
  labelNotFound: 'Label not found',
  alreadyLabelled: 'This order already has a label: void it to buy another',
  nothingToShip: 'Everything in this order has already shipped',
  notVoidable: 'Only a purchased, unused label can be voided',
  syncedToPlatform: 'This shipment is already on the storefront platform: its label can no longer be voided here',
  weightPositive: 'should be greater than 0',
  providerRefusedKey: 'Shippo refused the API key; check that it is complete and active',
  providerUnreachable: 'Shippo did not answer, so the key could not be checked: try again in a moment',
  providerFailed: (detail: string) => `Shippo could not do this: ${detail}`,
} as const;

/** Shippo refuses to buy a rate older than this. */
export const RATE_MAX_AGE_DAYS = 7;

/** PUT shippo/api-key (starts with shippo_, at least 40 characters). */
export const ShippoKeyBodySchema = z.object({
  apiKey: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(200)
    .refine((k) => k.startsWith('shippo_'), SHIPPING_MESSAGES.keyPrefix)
    .refine((k) => k.length >= 40, SHIPPING_MESSAGES.keyLength),
});
export type ShippoKeyBody = z.infer<typeof ShippoKeyBodySchema>;

/** GET shippo/api-key: whether a key is active, never the key. */
export const ShippoKeyAnswerSchema = z.object({
  active: z.boolean(),
  /** Whose key labels are bought with in this scope: its own, the marketplace's, or none. */
  using: z.enum(['own', 'marketplace', 'none']),
  /** For a vendor: whether the marketplace lets it connect its own account. */
  canConnect: z.boolean(),
});
export type ShippoKeyAnswer = z.infer<typeof ShippoKeyAnswerSchema>;

/** The buyer's side of a shipment: phone and e-mail are often unknown for the recipient. */
export const RecipientAddressSchema = z
  .object({
    ...ADDRESS_FIELDS,
    phone: z.string().trim().max(200).default(''),
    email: z.union([z.literal(''), z.email({ error: MSG.invalidEmail })]).default(''),
  })
  .refine(...stateRequired);
export type RecipientAddress = z.infer<typeof RecipientAddressSchema>;

const measure = z.number({ error: 'Must be a number' }).min(0, 'Must be 0 or more').max(100_000, 'Must be at most 100000');

/** A parcel, in the default package's units. */
export const ParcelSchema = z.object({
  length: measure,
  width: measure,
  height: measure,
  distanceUnit: z.enum(DISTANCE_UNITS),
  weight: measure.refine((w) => w > 0, SHIPPING_MESSAGES.weightPositive),
  massUnit: z.enum(MASS_UNITS),
});
export type Parcel = z.infer<typeof ParcelSchema>;

/** POST shippo/rates: from, to, parcels (spec), and the vendor order the rates are for. */
export const RatesBodySchema = z.object({
  orderId: z.uuid({ error: 'Order not found' }),
  from: AddressSchema,
  to: RecipientAddressSchema,
  parcels: z.array(ParcelSchema).min(1, 'Add a parcel').max(10, 'At most 10 parcels'),
});
export type RatesBody = z.input<typeof RatesBodySchema>;

export const RateSchema = z.object({
  id: z.string(),
  /** Major units as text ("7.50"). */
  amount: MoneyTextSchema,
  currency: z.string(),
  carrier: z.string(),
  service: z.string(),
  estimatedDays: z.number().nullable(),
  attributes: z.array(z.string()),
  orderId: z.string(),
  createdAt: z.string(),
});
export type Rate = z.infer<typeof RateSchema>;

/** Rates cheapest first, and the provider's messages (a carrier that could not quote). */
export const RatesAnswerSchema = z.object({
  rates: z.array(RateSchema),
  messages: z.array(z.object({ source: z.string(), text: z.string() })),
});
export type RatesAnswer = z.infer<typeof RatesAnswerSchema>;

/** POST shippo/label: the rate to buy, for the vendor order it was quoted for. */
export const LabelBodySchema = z.object({
  rateId: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(100),
  orderId: z.uuid({ error: 'Order not found' }),
});
export type LabelBody = z.infer<typeof LabelBodySchema>;

export const LABEL_STATUSES = ['pending', 'purchased', 'void_pending', 'voided'] as const;
export type LabelStatus = (typeof LABEL_STATUSES)[number];

export const LabelSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  rateId: z.string(),
  status: z.enum(LABEL_STATUSES),
  carrier: z.string(),
  service: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  /** Our own download of the stored label file. */
  fileUrl: z.string(),
  amount: MoneyTextSchema,
  currency: z.string(),
  fulfillmentId: z.string().nullable(),
  createdAt: z.string(),
  voidedAt: z.string().nullable(),
});
export type Label = z.infer<typeof LabelSchema>;
export const LabelAnswerSchema = z.object({ label: LabelSchema });

/** POST orders/{orderId}/shipments/{shipmentId}/push: the shipment waits for the platform job again. */
export const ShipmentPushAnswerSchema = z.object({ state: z.literal('pending') });

/** GET orders/{id}/shipping: what the label form starts from, and the order's labels. */
export const OrderShippingAnswerSchema = z.object({
  /** Whether labels can be bought (a Shippo key applies to this order's vendor). */
  canBuyLabels: z.boolean(),
  /** Whether the caller can connect the Shippo account that would serve this order (Settings → Shipping labels). */
  canConnectShippo: z.boolean(),
  from: AddressSchema.nullable(),
  to: RecipientAddressSchema.nullable(),
  parcel: z.object({
    length: z.number(),
    width: z.number(),
    height: z.number(),
    distanceUnit: z.enum(DISTANCE_UNITS),
    weight: z.number(),
    massUnit: z.enum(MASS_UNITS),
  }),
  labels: z.array(LabelSchema),
});
export type OrderShippingAnswer = z.infer<typeof OrderShippingAnswerSchema>;
