import { z } from 'zod';
import { MoneyTextSchema, moneyAmount } from './money.ts';
import { MSG } from '../messages.ts';
import { EmailSchema, StoreIdSchema } from './common.ts';
import { CheckoutAddressSchema } from './orders.ts';

/** Offer statuses (the list's tabs; `all` is the default filter). */
export const OFFER_STATUSES = ['all', 'pending', 'rejected', 'countered', 'accepted', 'completed'] as const;
export type OfferStatusFilter = (typeof OFFER_STATUSES)[number];
export type OfferStatus = Exclude<OfferStatusFilter, 'all'>;
/** Offers still in play: a buyer has at most one of these per variant. */
export const OPEN_OFFER_STATUSES = ['pending', 'countered', 'accepted'] as const satisfies readonly OfferStatus[];

/** POST offers/action. */
export const OFFER_ACTIONS = ['accept', 'reject', 'counter'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];
/** The buyer's answer to a counter-offer, from the mailed link. */
export const BUYER_ANSWERS = ['accept', 'decline'] as const;

/** What the history records (each with who did it, the amount and when). */
export const OFFER_EVENTS = [
  'made',
  'accepted',
  'rejected',
  'countered',
  'counter-accepted',
  'counter-declined',
  'out-of-stock',
  'expired',
  'completed',
] as const;
export type OfferEvent = (typeof OFFER_EVENTS)[number];
export const OFFER_ACTORS = ['buyer', 'vendor', 'admin', 'system'] as const;
export type OfferActor = (typeof OFFER_ACTORS)[number];

export const OFFERS_PAGE_SIZE = 25;
export const OFFER_PAGE_CAP = 400;
export const OFFER_QUANTITY_MAX = 100;

/** The header a buyer sends the offer token (from the mailed link) in. */
export const OFFER_TOKEN_HEADER = 'x-offer-token';

export const OFFER_MESSAGES = {
  notAvailable: 'Offers are not accepted on this product',
  aboveOrAtPrice: 'The offer must be below the price',
  positive: 'Must be more than 0',
  notAnAmount: 'Must be an amount like 12.50',
  alreadyOpen: 'You already have an open offer on this product',
  notEnoughStock: 'Not enough stock for this offer',
  notFound: 'Offer not found',
  notOpen: 'This offer is no longer open',
  counterRequired: 'Enter the counter-offer',
  counterNotBetween: 'The counter-offer must be above the offer and below the price',
  noCheckout: 'This offer has no checkout waiting',
  checkoutExpired: 'The time to check out this offer has passed',
  tooManyOffers: 'Too many offers, please try again later',
  switchToVendor: 'Switch to a vendor to change its offers',
} as const;

/** Per buyer and store, whatever address the calls come through (on top of the per-address route limit). */
export const OFFER_SPAM_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 } as const;

const Amount = moneyAmount(OFFER_MESSAGES.notAnAmount);

/** Store settings of the offers area (section `offers`). */
export const OfferSettingsSchema = z.object({
  /** A pending or countered offer nobody answered turns rejected after this many hours. */
  pendingExpiryHours: z
    .number()
    .int()
    .min(1, 'Must be at least 1')
    .max(24 * 90, 'Must be at most 2160')
    .default(72),
  /** An accepted offer keeps its stock and price this many hours for the buyer's checkout. */
  checkoutHours: z
    .number()
    .int()
    .min(1, 'Must be at least 1')
    .max(24 * 30, 'Must be at most 720')
    .default(48),
});
export type OfferSettings = z.infer<typeof OfferSettingsSchema>;
/** PUT offers/settings (admins): the store's hours. */
export const OfferSettingsBodySchema = z.object({
  pendingExpiryHours: OfferSettingsSchema.shape.pendingExpiryHours.unwrap(),
  checkoutHours: OfferSettingsSchema.shape.checkoutHours.unwrap(),
});
/** PUT offers/vendor-settings: whether buyers may make offers on the vendor's products. */
export const VendorOfferSettingsSchema = z.object({ acceptsOffers: z.boolean({ error: MSG.required }) });

/** POST public/make-an-offer (spec: email, amount, quantity, variantId); the amount is per unit, in major units. */
export const MakeOfferBodySchema = z.object({
  store: StoreIdSchema.optional(),
  email: EmailSchema,
  amount: Amount,
  quantity: z
    .number({ error: MSG.required })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(OFFER_QUANTITY_MAX, `Must be at most ${OFFER_QUANTITY_MAX}`),
  variantId: z.uuid({ error: OFFER_MESSAGES.notAvailable }),
});
export type MakeOfferBody = z.infer<typeof MakeOfferBodySchema>;
export const MakeOfferAnswerSchema = z.object({ id: z.uuid(), status: z.enum(OFFER_STATUSES) });

export const OfferListQuerySchema = z.object({
  page: z.coerce
    .number()
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(OFFER_PAGE_CAP, `Must be at most ${OFFER_PAGE_CAP}`)
    .default(1),
  q: z.string().trim().max(200).optional(),
  status: z.enum(OFFER_STATUSES).default('all'),
});
export type OfferListQuery = z.input<typeof OfferListQuerySchema>;

export const OfferHistoryEntrySchema = z.object({
  event: z.enum(OFFER_EVENTS),
  actor: z.enum(OFFER_ACTORS),
  actorName: z.string(),
  /** Per unit, major units ("18.00"); null when the step names no amount. */
  amount: MoneyTextSchema.nullable(),
  at: z.string(),
});
export type OfferHistoryEntry = z.infer<typeof OfferHistoryEntrySchema>;

export const OfferSchema = z.object({
  id: z.uuid(),
  status: z.enum(OFFER_STATUSES),
  vendor: z.object({ id: z.uuid(), name: z.string() }),
  product: z.object({ id: z.uuid(), title: z.string(), variantId: z.uuid(), variantTitle: z.string() }),
  buyerEmail: z.string(),
  quantity: z.number().int(),
  currency: z.string(),
  /** Per unit, major units as text. */
  price: MoneyTextSchema,
  amount: MoneyTextSchema,
  counterOffer: MoneyTextSchema.nullable(),
  agreedAmount: MoneyTextSchema.nullable(),
  /** When a pending offer lapses, or an accepted offer's checkout ends. */
  expiresAt: z.string().nullable(),
  orderId: z.uuid().nullable(),
  createdAt: z.string(),
  history: z.array(OfferHistoryEntrySchema),
});
export type Offer = z.infer<typeof OfferSchema>;

export const OfferListAnswerSchema = z.object({ offers: z.array(OfferSchema), count: z.number().int(), pageCount: z.number().int() });
export type OfferListAnswer = z.infer<typeof OfferListAnswerSchema>;

/** POST offers/action (spec: id, action, counterOffer). */
export const OfferActionBodySchema = z
  .object({
    id: z.uuid({ error: OFFER_MESSAGES.notFound }),
    action: z.enum(OFFER_ACTIONS),
    counterOffer: Amount.nullish(),
  })
  .refine((b) => b.action !== 'counter' || !!b.counterOffer, { message: OFFER_MESSAGES.counterRequired, path: ['counterOffer'] });
export type OfferActionBody = z.infer<typeof OfferActionBodySchema>;
/** The counter dialog's form (the amount alone). */
export const CounterOfferFormSchema = z.object({ counterOffer: Amount });
export const OfferActionAnswerSchema = z.object({ offer: OfferSchema });

/** The buyer's view of its offer (from the mailed link): no other buyer, no vendor internals. */
export const BuyerOfferSchema = OfferSchema.pick({
  id: true,
  status: true,
  quantity: true,
  currency: true,
  price: true,
  amount: true,
  counterOffer: true,
  agreedAmount: true,
  expiresAt: true,
  history: true,
}).extend({
  store: z.string(),
  productTitle: z.string(),
  variantId: z.uuid(),
  variantTitle: z.string(),
  vendorName: z.string(),
  buyerEmail: z.string(),
  orderName: z.string().nullable(),
});
export type BuyerOffer = z.infer<typeof BuyerOfferSchema>;
export const BuyerOfferAnswerSchema = z.object({ offer: BuyerOfferSchema });
export const BuyerAnswerBodySchema = z.object({ action: z.enum(BUYER_ANSWERS) });

/** The buyer's checkout form of an accepted offer (the rest of POST storefront/checkout comes from the offer). */
export const OfferCheckoutFormSchema = z.object({ email: EmailSchema, address: CheckoutAddressSchema });
