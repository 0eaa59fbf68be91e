import { and, eq, sql } from 'drizzle-orm';
import { currencyDecimals, toMinorUnits } from '#shared/money';
import type { OrderDetail } from '#shared/schemas/orders';
import type { AppContext } from '#server/context';
import { vendorOrders } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import {
  documentFormat,
  languageOfCountry,
  renderDocument,
  type RenderedDocument,
  requireDocumentEnabled,
  sellerAddress,
} from '../documents/index.ts';
import { getScopedVendorOrder } from './order-scope.ts';
import { getOrder } from './get-order.ts';

export const ORDER_DOCUMENTS = ['invoice', 'slip'] as const;
export type OrderDocument = (typeof ORDER_DOCUMENTS)[number];

const TEMPLATE = { invoice: 'doc-customer-invoice', slip: 'doc-packing-slip' } as const;

const postal = (address: OrderDetail['shippingAddress']) =>
  address
    ? { ...address, state: '' }
    : { name: '', company: '', street1: '', street2: '', zip: '', city: '', province: '', state: '', country: '', phone: '' };

/**
 * The day the vendor order's invoice was issued: stored with its first copy, so every later
 * download carries the same date.
 */
async function invoiceDate(ctx: AppContext, storeId: string, vendorOrderId: string): Promise<Date> {
  const [issued] = await ctx.db
    .update(vendorOrders)
    .set({ invoiceIssuedAt: sql`coalesce(${vendorOrders.invoiceIssuedAt}, ${ctx.now().toISOString()}::timestamptz)` })
    .where(and(eq(vendorOrders.id, vendorOrderId), eq(vendorOrders.storeId, storeId)))
    .returning({ at: vendorOrders.invoiceIssuedAt });
  return issued.at!;
}

/**
 * The document of one vendor order: the invoice (seller and buyer, lines with tax and totals) or the
 * packing slip (what goes in the box), from the store's doc-customer-invoice and doc-packing-slip
 * templates, in the buyer's language (of the country it ships to). Built from the same answer as GET orders/{id}, so a vendor's document never shows what
 * the store hides from vendors.
 */
export async function renderOrderDocument(
  ctx: AppContext,
  auth: AuthContext,
  orderId: string,
  document: string,
): Promise<RenderedDocument> {
  if (!(ORDER_DOCUMENTS as readonly string[]).includes(document)) throw notFound('Unknown document');
  const kind = document as OrderDocument;
  const [{ order }, vendorOrder] = await Promise.all([getOrder(ctx, auth, orderId), getScopedVendorOrder(ctx.db, auth, orderId)]);
  // A turned-off invoice is never issued, so its date is not taken either.
  await requireDocumentEnabled(ctx, auth.storeId, TEMPLATE[kind]);
  const language = languageOfCountry((order.shippingAddress ?? order.billingAddress)?.country);
  const format = documentFormat(language);
  const decimals = currencyDecimals(order.currency);
  const money = (amount: string | number) =>
    format.money(typeof amount === 'number' ? amount : toMinorUnits(amount, decimals), order.currency);
  const minor = (amount: string) => toMinorUnits(amount, decimals);
  const vars = {
    invoice_number: `${order.name.replace(/^#/, '')}-${order.id.slice(0, 6).toUpperCase()}`,
    invoice_date: kind === 'invoice' ? format.date(await invoiceDate(ctx, auth.storeId, vendorOrder.id)) : '',
    order_name: order.name,
    order_date: format.date(order.placedAt),
    seller: await sellerAddress(ctx, auth.storeId, vendorOrder.vendorId, order.vendor),
    shipping_address: postal(order.shippingAddress),
    billing_address: postal(order.billingAddress ?? order.shippingAddress),
    customer_email: order.customerEmail ?? '',
    line_items: order.lines.map((line) => ({
      title: line.variantTitle ? `${line.title} (${line.variantTitle})` : line.title,
      sku: line.sku,
      quantity: line.quantity,
      price: money(line.price),
      tax: money(line.tax),
      total: money(minor(line.price) * line.quantity - minor(line.discount)),
    })),
    subtotal: money(order.subtotal),
    discount: money(order.discount),
    shipping: money(order.shipping),
    tax: money(order.tax),
    total: money(order.total),
  };
  return renderDocument(ctx, auth.storeId, TEMPLATE[kind], {
    language,
    filename: `${kind}-${order.name.replace(/[^\w-]+/g, '')}`,
    vars,
  });
}
