import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { payouts, vendorOrders, vendors } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { isUuid } from '#server/lib/is-uuid';
import { readStoreSettings } from '../settings/index.ts';
import { getStore } from '../stores/index.ts';
import { documentFormat, languageOfCountry } from './document-language.ts';
import { renderDocument, sellerAddress, type RenderedDocument } from './render-document.ts';
import { inVendorScope } from '../vendors/index.ts';

const NOT_FOUND = 'Payout not found';

/**
 * GET payouts/{id}/invoice: the marketplace's commission invoice for a payout (doc-vendor-invoice):
 * the orders it settled with their sales and commission, and what was paid. A vendor gets its own
 * payouts only; admins any of the store's. In the vendor's language (of its ship-from country).
 */
export async function renderVendorInvoice(ctx: AppContext, auth: AuthContext, payoutId: string): Promise<RenderedDocument> {
  if (!isUuid(payoutId)) throw notFound(NOT_FOUND);
  const [payout] = await ctx.db
    .select({ payout: payouts, vendor: vendors.name })
    .from(payouts)
    .innerJoin(vendors, eq(vendors.id, payouts.vendorId))
    .where(and(eq(payouts.id, payoutId), inVendorScope(payouts, auth)));
  if (!payout) throw notFound(NOT_FOUND);
  const { currency } = payout.payout;
  const vendorAddress = await sellerAddress(ctx, auth.storeId, payout.payout.vendorId, payout.vendor);
  const language = languageOfCountry(vendorAddress.country);
  const format = documentFormat(language);
  const money = (minor: number) => format.money(minor, currency);
  const ids = payout.payout.vendorOrderIds;
  const settled = ids.length
    ? await ctx.db
        .select()
        .from(vendorOrders)
        .where(and(eq(vendorOrders.storeId, auth.storeId), inArray(vendorOrders.id, ids)))
        .orderBy(asc(vendorOrders.placedAt))
    : [];
  const sales = (o: (typeof settled)[number]) => o.subtotal - o.discount;
  const [settings, store] = await Promise.all([readStoreSettings(ctx.db, auth.storeId), getStore(ctx.db, auth.storeId)]);
  const marketplace = settings.shipFrom.shipFromAddress;
  const vars = {
    invoice_number: `P-${payout.payout.id.slice(0, 8).toUpperCase()}`,
    invoice_date: format.date(payout.payout.paidAt ?? payout.payout.createdAt),
    vendor: payout.vendor,
    vendor_address: vendorAddress,
    marketplace_address: {
      ...(marketplace ?? { company: '', street1: '', street2: '', zip: '', city: '', state: '', country: '' }),
      province: '',
      name: store.shopName,
    },
    orders: settled.map((o) => ({
      order_name: o.orderName,
      order_date: format.date(o.placedAt),
      sales: money(sales(o)),
      commission: money(o.commission),
      payout: money(o.vendorShare),
    })),
    sales: money(settled.reduce((sum, o) => sum + sales(o), 0)),
    commission: money(settled.reduce((sum, o) => sum + o.commission, 0)),
    payout: money(payout.payout.amount),
  };
  return renderDocument(ctx, auth.storeId, 'doc-vendor-invoice', {
    language,
    filename: `commission-invoice-${vars.invoice_number}`,
    vars,
  });
}
