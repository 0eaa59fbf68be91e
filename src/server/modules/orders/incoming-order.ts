import { z } from 'zod';
import { currencyDecimals, toMinorUnits } from '#shared/money';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import {
  orderLines,
  orders,
  type OrderAddress,
  type OrderCustomer,
  type OrderSource,
  type PaymentMethod,
  type PaymentStatus,
} from '#server/db/schema/index';
import type { RefundRequest } from './refund-order.ts';

/** One line of an order as it arrives, before we know whose it is. Money in minor units. */
export interface IncomingLine {
  platformLineId: string;
  /** Our variant id, when the source knows it (the local storefront). */
  variantId: string | null;
  sku: string;
  /** The platform's vendor field: our vendor's name for the products we pushed. */
  vendorName: string | null;
  title: string;
  variantTitle: string;
  quantity: number;
  /** Unit price. */
  price: number;
  /** Line totals. */
  discount: number;
  tax: number;
  /**
   * The part of `discount` the line's vendor funds, when we gave the discount (our own discounts at
   * the built-in checkout); the rest is the marketplace's cost. Absent (a platform's discount): who
   * pays is not known, and financeConfig.discountInPayout says whether the vendor's payout bears it.
   */
  vendorDiscount?: number;
}

/** An order from either source, in one shape, for ingestOrder. */
export interface IncomingOrder {
  source: OrderSource;
  platformOrderId: string;
  name: string;
  currency: string;
  customer: OrderCustomer;
  shippingAddress: OrderAddress | null;
  billingAddress: OrderAddress | null;
  lines: IncomingLine[];
  /** The order's shipping, shared among its vendors. */
  shipping: number;
  placedAt: Date;
  /** Whether the buyer's money is collected yet: only a paid order's vendor parts are written to the ledger. */
  payment: { status: PaymentStatus; method: PaymentMethod; paidAt: Date | null };
}

const text = z.preprocess((v) => (v === null || v === undefined ? '' : String(v)), z.string());
const money = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? '0' : String(v)),
  z.string().regex(/^\d+(\.\d+)?$/, 'Must be an amount'),
);

const PlatformAddressSchema = z
  .object({
    name: text,
    first_name: text,
    last_name: text,
    company: text,
    address1: text,
    address2: text,
    city: text,
    zip: text,
    province_code: text,
    country_code: text,
    phone: text,
  })
  .partial();

/** The fields of the platform's orders/create payload we use; the rest is ignored. */
export const PlatformOrderSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  name: text,
  email: text.optional(),
  phone: text.optional(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  created_at: z.string().optional(),
  /** Whether the platform collected the buyer's money (pending, authorized, partially_paid, paid, partially_refunded, refunded, voided, expired). */
  financial_status: z.string().nullish(),
  processed_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  line_items: z
    .array(
      z.object({
        id: z.union([z.number(), z.string()]).transform(String),
        sku: text.optional(),
        vendor: text.optional(),
        title: text,
        variant_title: text.optional(),
        quantity: z.number().int().positive(),
        price: money,
        total_discount: money.optional(),
        tax_lines: z.array(z.object({ price: money })).optional(),
      }),
    )
    .min(1),
  shipping_lines: z.array(z.object({ price: money })).optional(),
  shipping_address: PlatformAddressSchema.nullish(),
  billing_address: PlatformAddressSchema.nullish(),
  customer: z.object({ first_name: text, last_name: text, email: text, phone: text }).partial().nullish(),
});
export type PlatformOrder = z.infer<typeof PlatformOrderSchema>;

/**
 * The platform's financial_status as our payment status: refunded orders were paid (their refunds
 * arrive as refunds); an authorization is not money yet; a status we do not know, or none, is not
 * counted as paid.
 */
export function paymentStatusOf(financialStatus: string | null | undefined): PaymentStatus {
  switch (financialStatus) {
    case 'paid':
    case 'partially_refunded':
    case 'refunded':
      return 'paid';
    case 'partially_paid':
      return 'partially_paid';
    case 'voided':
    case 'expired':
      return 'voided';
    default:
      return 'pending';
  }
}

const dateOr = (value: string | null | undefined, fallback: Date) =>
  value && !Number.isNaN(Date.parse(value)) ? new Date(value) : fallback;

const joinName = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ').trim();

function addressOf(address: z.infer<typeof PlatformAddressSchema> | null | undefined): OrderAddress | null {
  if (!address) return null;
  return {
    name: address.name || joinName(address.first_name, address.last_name),
    company: address.company ?? '',
    street1: address.address1 ?? '',
    street2: address.address2 ?? '',
    city: address.city ?? '',
    zip: address.zip ?? '',
    province: address.province_code ?? '',
    country: (address.country_code ?? '').toUpperCase(),
    phone: address.phone ?? '',
  };
}

/**
 * The platform's order in our shape; amounts from the platform's decimal strings in the order's
 * currency, exactly (an amount with more decimals than the currency has fails the job, never rounds).
 */
export function fromPlatformOrder(order: PlatformOrder, currencyDecimals: number, receivedAt: Date): IncomingOrder {
  const minor = (amount: string | undefined) => toMinorUnits(amount ?? '0', currencyDecimals);
  const shippingAddress = addressOf(order.shipping_address);
  return {
    source: 'shopify',
    platformOrderId: order.id,
    name: order.name || `#${order.id}`,
    currency: order.currency,
    customer: {
      name: joinName(order.customer?.first_name, order.customer?.last_name) || shippingAddress?.name || '',
      email: order.email || order.customer?.email || '',
      phone: order.phone || order.customer?.phone || '',
    },
    shippingAddress,
    billingAddress: addressOf(order.billing_address),
    lines: order.line_items.map((line) => ({
      platformLineId: line.id,
      variantId: null,
      sku: line.sku ?? '',
      vendorName: line.vendor || null,
      title: line.title,
      variantTitle: line.variant_title ?? '',
      quantity: line.quantity,
      price: minor(line.price),
      discount: minor(line.total_discount),
      tax: (line.tax_lines ?? []).reduce((sum, t) => sum + minor(t.price), 0),
    })),
    shipping: (order.shipping_lines ?? []).reduce((sum, s) => sum + minor(s.price), 0),
    placedAt: dateOr(order.created_at, receivedAt),
    payment: {
      status: paymentStatusOf(order.financial_status),
      method: 'platform',
      paidAt: dateOr(order.processed_at ?? order.created_at, receivedAt),
    },
  };
}

const platformId = z.union([z.number(), z.string()]).transform(String);
const platformDate = z
  .string()
  .nullish()
  .transform((v) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v) : null));

/** The fields of the platform's orders/cancelled payload (the order, now with cancelled_at) we use. */
export const PlatformCancelSchema = z.object({ id: platformId, cancelled_at: platformDate, cancel_reason: z.string().nullish() });

/** The fields of the platform's refunds/create payload we use: refunded units per line, and shipping refunds among the order adjustments. */
export const PlatformRefundSchema = z.object({
  id: platformId,
  order_id: platformId,
  created_at: platformDate,
  refund_line_items: z
    .array(z.object({ line_item_id: platformId, quantity: z.number().int().min(0), restock_type: z.string().nullish() }))
    .default([]),
  order_adjustments: z.array(z.object({ kind: z.string().nullish(), amount: money.or(z.string().regex(/^-\d+(\.\d+)?$/)) })).default([]),
});
export type PlatformRefund = z.infer<typeof PlatformRefundSchema>;

/**
 * The platform's refund in our shape: its lines matched to ours by the platform's line id (lines
 * of nobody are not ours to refund), restocked unless the platform says no_restock; shipping from
 * the shipping_refund adjustments (negative amounts on the platform), in the order's currency.
 */
export async function fromPlatformRefund(db: Db, orderId: string, refund: PlatformRefund, receivedAt: Date): Promise<RefundRequest> {
  const [order] = await db.select({ currency: orders.currency }).from(orders).where(eq(orders.id, orderId));
  const lines = await db
    .select({ id: orderLines.id, platformLineId: orderLines.platformLineId })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const decimals = currencyDecimals(order.currency);
  return {
    sourceRefundId: refund.id,
    lines: refund.refund_line_items.flatMap((item) => {
      const line = lines.find((l) => l.platformLineId === item.line_item_id);
      return line ? [{ lineId: line.id, quantity: item.quantity, restock: item.restock_type !== 'no_restock' }] : [];
    }),
    shipping: refund.order_adjustments
      .filter((a) => a.kind === 'shipping_refund')
      .reduce((sum, a) => sum + Math.abs(toMinorUnits(a.amount, decimals)), 0),
    at: refund.created_at ?? receivedAt,
    clamp: true,
  };
}
