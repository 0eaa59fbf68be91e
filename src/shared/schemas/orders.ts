import { z } from 'zod';
import { MoneyTextSchema, moneyAmount } from './money.ts';
import { CalendarDateSchema } from './calendar-date.ts';
import { findMarket } from '../delivery-markets.ts';
import { MSG } from '../messages.ts';
import { EmailSchema, requiredText, StoreIdSchema } from './common.ts';
import { DELIVERY_MESSAGES } from './delivery.ts';

export const ORDER_MESSAGES = {
  notForSale: 'This product is not for sale',
  outOfStock: 'Not enough in stock',
  noDelivery: 'No delivery to this address',
  offerQuantity: 'The checkout must hold the offer’s quantity of this product',
  offerCurrency: (offer: string, product: string) =>
    `This offer was agreed in ${offer} but the product is sold in ${product}: please make a new offer`,
  mixedCurrencies: 'These products are priced in different currencies: order them separately',
} as const;

/** Whether an order's money was collected (the platform's financial_status, the card provider's event, or an admin's mark-as-paid). */
export const PAYMENT_STATUSES = ['pending', 'paid', 'partially_paid', 'voided'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** How the buyer pays at the built-in checkout: by card through Stripe, or a manual method an admin enabled. */
export const CHECKOUT_PAYMENT_METHODS = ['card', 'bank_transfer', 'cash_on_delivery'] as const;
export type CheckoutPaymentMethod = (typeof CHECKOUT_PAYMENT_METHODS)[number];
/** `platform`: the storefront platform took the payment. */
export type PaymentMethod = CheckoutPaymentMethod | 'platform';

export const CHECKOUT_PAYMENT_MESSAGES = {
  noMethod: 'This store takes no payment yet: no payment method is enabled',
  methodOff: 'This payment method is not available',
} as const;

/** The most lines and the most of one line a checkout takes. */
export const CHECKOUT_LIMITS = { lines: 100, quantity: 999 } as const;

const optionalText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).default('');

export const CheckoutAddressSchema = z.object({
  name: requiredText(200),
  company: optionalText(200),
  street1: requiredText(200),
  street2: optionalText(200),
  city: requiredText(100),
  zip: optionalText(20),
  province: z.string().trim().toUpperCase().max(10).default(''),
  country: z
    .string({ error: MSG.required })
    .trim()
    .toUpperCase()
    .min(1, MSG.required)
    .refine((code) => findMarket(code) !== null, DELIVERY_MESSAGES.unknownCountry),
  phone: optionalText(40),
});
export type CheckoutAddress = z.infer<typeof CheckoutAddressSchema>;

/**
 * POST storefront/checkout: the built-in storefront's order. Prices, shipping and stock are the
 * server's, never the buyer's; `checkoutId` (a UUID the storefront makes once per checkout) makes a
 * retried request the same order.
 */
export const CheckoutBodySchema = z.object({
  store: StoreIdSchema,
  checkoutId: z.uuid({ error: 'Must be a UUID' }),
  email: EmailSchema,
  address: CheckoutAddressSchema,
  lines: z
    .array(
      z.object({
        variantId: z.uuid({ error: ORDER_MESSAGES.notForSale }),
        quantity: z
          .number({ error: MSG.required })
          .int('Must be a whole number')
          .min(1, 'Must be at least 1')
          .max(CHECKOUT_LIMITS.quantity, `Must be at most ${CHECKOUT_LIMITS.quantity}`),
      }),
    )
    .min(1, 'The cart is empty')
    .max(CHECKOUT_LIMITS.lines, `At most ${CHECKOUT_LIMITS.lines} lines`),
  /** The id of a delivery option of POST storefront/checkout/rates; absent: the cheapest rate. */
  shippingRate: z.string().trim().max(300).optional(),
  /** The token of an accepted offer (from its mailed link): its line is sold at the agreed price. */
  offerToken: z.string().max(500).optional(),
  /** A discount code (one an order; see modules/discounts/apply-discounts.ts). */
  discountCode: z.string().trim().max(50, 'Must be at most 50 characters').optional(),
  /** How the buyer pays; absent: card when the store takes cards, else its first manual method. */
  paymentMethod: z.enum(CHECKOUT_PAYMENT_METHODS).optional(),
  /** Where Stripe's page sends the buyer back (card): after paying, and when they go back. */
  successUrl: z.url().max(2000).optional(),
  cancelUrl: z.url().max(2000).optional(),
});
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

/** POST storefront/checkout/rates: the delivery options of a cart before it is placed. */
export const CheckoutRatesBodySchema = CheckoutBodySchema.pick({ store: true, address: true, lines: true }).extend({
  email: EmailSchema.optional(),
});
export type CheckoutRatesBody = z.infer<typeof CheckoutRatesBodySchema>;

export const CheckoutAnswerSchema = z.object({
  orderId: z.string(),
  name: z.string(),
  currency: z.string(),
  /** Major units, as text ("42.50"). */
  subtotal: MoneyTextSchema,
  /** What the order's discount took off the goods. */
  discount: MoneyTextSchema,
  shipping: MoneyTextSchema,
  total: MoneyTextSchema,
  /** The delivery option the order ships with; null when nothing in it needs shipping. */
  shippingRate: z.string().nullable(),
  /** The order waits as pending until it is paid: on Stripe's page (paymentUrl), or as the manual method's instructions say. */
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(CHECKOUT_PAYMENT_METHODS),
  paymentUrl: z.string().nullable(),
  paymentInstructions: z.string(),
});
export type CheckoutAnswer = z.infer<typeof CheckoutAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// The back-office calls (GET orders, GET orders/{id}, POST orders/{id}/fulfill, PUT orders/commission)

export const FULFILLMENT_FILTERS = ['any', 'unfulfilled', 'fulfilled', 'cancelled'] as const;
export const PAYOUT_FILTERS = ['all', 'due', 'paid'] as const;
export const ORDER_PERIODS = ['all', 'today', 'week', 'month', 'year'] as const;
/** Orders a page; pages stop at ORDER_PAGE_CAP (a date range or a search narrows further). */
export const ORDERS_PER_PAGE = 25;
export const ORDER_PAGE_CAP = 400;
export const ORDER_COUNT_CAP = ORDERS_PER_PAGE * ORDER_PAGE_CAP;

const daySchema = CalendarDateSchema;

export const OrderListQuerySchema = z.object({
  page: z.coerce
    .number()
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(ORDER_PAGE_CAP, `Must be at most ${ORDER_PAGE_CAP}`)
    .default(1),
  q: z.string().trim().max(200).optional(),
  fulfillment: z.enum(FULFILLMENT_FILTERS).default('any'),
  payout: z.enum(PAYOUT_FILTERS).default('all'),
  period: z.enum(ORDER_PERIODS).default('all'),
  from: daySchema.optional(),
  to: daySchema.optional(),
  /** An admin's vendor filter (marketplace view). */
  vendor: z.string().trim().max(200).optional(),
});
export type OrderListQuery = z.input<typeof OrderListQuerySchema>;

export const OrderMoneySchema = z.object({
  subtotal: MoneyTextSchema,
  discount: MoneyTextSchema,
  tax: MoneyTextSchema,
  shipping: MoneyTextSchema,
  commission: MoneyTextSchema,
  vendorShare: MoneyTextSchema,
});

export const OrderListItemSchema = OrderMoneySchema.extend({
  id: z.string(),
  orderId: z.string(),
  name: z.string(),
  vendor: z.string(),
  customerName: z.string(),
  placedAt: z.string(),
  fulfillment: z.enum(['unfulfilled', 'partial', 'fulfilled', 'cancelled']),
  payout: z.enum(['due', 'paid']),
  /** The order's payment: an unpaid order's sales are shown, never paid out. */
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** When the marketplace expects to pay the vendor for it (its last shipment plus the holding days); null until it is paid by the buyer and fulfilled, and once paid out. */
  expectedPayoutAt: z.string().nullable(),
  currency: z.string(),
  itemCount: z.number(),
});
export type OrderListItem = z.infer<typeof OrderListItemSchema>;

export const OrderListAnswerSchema = z.object({
  orders: z.array(OrderListItemSchema),
  counts: z.object({ count: z.number(), payoutDue: z.number(), payoutPaid: z.number(), capped: z.boolean() }),
  pageCount: z.number(),
});
export type OrderListAnswer = z.infer<typeof OrderListAnswerSchema>;

export const FulfillBodySchema = z.object({
  carrier: z.string().trim().max(100).default(''),
  tracking: z.string().trim().max(200).default(''),
  url: z.union([z.literal(''), z.url({ error: MSG.invalidUrl })]).default(''),
  lineItems: z
    .array(
      z.object({ id: z.uuid(), quantity: z.number({ error: MSG.required }).int('Must be a whole number').min(0, 'Must be 0 or more') }),
    )
    .max(500)
    // Lines of zero are not part of the shipment (spec: "zero lines dropped").
    .transform((lines) => lines.filter((l) => l.quantity > 0))
    .refine((lines) => lines.length > 0, 'Choose at least one item to fulfil'),
});
export type FulfillBody = z.input<typeof FulfillBodySchema>;

/** POST orders/{id}/refunds (admins, built-in storefront orders): units of lines, and shipping as a decimal text. */
export const RefundBodySchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        id: z.uuid(),
        quantity: z.number({ error: MSG.required }).int('Must be a whole number').min(0, 'Must be 0 or more'),
      }),
    )
    .max(500)
    .default([])
    .transform((lines) => lines.filter((l) => l.quantity > 0)),
  /** Shipping refunded, in the order's currency ("4.95"); shared among the vendors' parts. */
  shipping: moneyAmount('Must be an amount like 4.95').optional(),
  /** Whether the refunded units go back into stock (default yes). */
  restock: z.boolean().default(true),
});
export type RefundBody = z.input<typeof RefundBodySchema>;
export const RefundAnswerSchema = z.object({ refundId: z.string(), amount: MoneyTextSchema, currency: z.string() });
export const MarkPaidAnswerSchema = z.object({ orderId: z.string(), paymentStatus: z.enum(PAYMENT_STATUSES), paidAt: z.string() });
export type MarkPaidAnswer = z.infer<typeof MarkPaidAnswerSchema>;
export const CancelAnswerSchema = z.object({ orderId: z.string(), cancelledAt: z.string() });

export const OrderCommissionBodySchema = z.object({
  vendor: z.string().trim().min(1, MSG.required).max(200),
  orderId: z.uuid(),
  flat: moneyAmount(),
  percentage: z.number({ error: MSG.required }).min(0, 'Must be 0 or more').max(100, 'Must be at most 100'),
});
export type OrderCommissionBody = z.infer<typeof OrderCommissionBodySchema>;

export const ORDER_ACTION_MESSAGES = {
  notFound: 'Order not found',
  tooMany: 'More than is left to fulfil',
  cancelled: 'This order is cancelled',
  paid: 'This order is paid out: its commission can no longer change',
  tooManyRefunded: 'More than is left to refund',
  unknownLine: 'Not a line of this order',
  shipped: 'A shipped order cannot be cancelled: refund it instead',
  onPlatform: 'Cancel or refund this order on the storefront platform',
  nothingToRefund: 'Choose what to refund',
  unpaid: 'This order is not paid: cancel it instead',
  alreadyPaid: 'This order is already paid',
} as const;

export const OrderLineSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
  sku: z.string(),
  title: z.string(),
  variantTitle: z.string(),
  quantity: z.number(),
  fulfilledQuantity: z.number(),
  price: MoneyTextSchema,
  discount: MoneyTextSchema,
  tax: MoneyTextSchema,
  commission: MoneyTextSchema,
});

export const OrderAddressSchema = z.object({
  name: z.string(),
  company: z.string(),
  street1: z.string(),
  street2: z.string(),
  city: z.string(),
  zip: z.string(),
  province: z.string(),
  country: z.string(),
  phone: z.string(),
});

export const FulfillmentSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  tracking: z.string(),
  url: z.string(),
  lines: z.array(z.object({ lineId: z.string(), quantity: z.number() })),
  createdAt: z.string(),
  /** For an order from the storefront platform: whether the shipment reached it (fulfillmentCreate). */
  platformSync: z
    .object({ state: z.enum(['pending', 'synced', 'failed']), error: z.string(), attempts: z.number() })
    .nullable()
    .optional(),
});

export const OrderDetailSchema = OrderListItemSchema.extend({
  /** Hidden from vendors by settings.orders.hiddenFields (customerEmail, customerPhone, billing): null then. */
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  shippingAddress: OrderAddressSchema.nullable(),
  billingAddress: OrderAddressSchema.nullable(),
  /** What the buyer paid for this part: subtotal − discount + shipping + tax. */
  total: MoneyTextSchema,
  commissionOverride: z.object({ flat: MoneyTextSchema, percentage: z.number() }).nullable(),
  lines: z.array(OrderLineSchema),
  fulfillments: z.array(FulfillmentSchema),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderDetailAnswerSchema = z.object({
  order: OrderDetailSchema,
  /** For admins: every vendor's part of the same order (empty for vendors). */
  adminOrders: z.array(OrderListItemSchema),
  /** Our variants on the order's lines, as they are now. */
  variantDetails: z.record(
    z.string(),
    z.object({ productId: z.string(), productTitle: z.string(), image: z.string().nullable(), stock: z.number(), trackStock: z.boolean() }),
  ),
});
export type OrderDetailAnswer = z.infer<typeof OrderDetailAnswerSchema>;

export const FulfillAnswerSchema = z.object({ fulfillment: FulfillmentSchema, nextOrder: z.string().nullable() });

export const OrderCommissionAnswerSchema = z.object({
  orderId: z.string(),
  vendor: z.string(),
  currency: z.string(),
  commission: MoneyTextSchema,
  vendorShare: MoneyTextSchema,
});
