import PDFDocument from 'pdfkit';
import type { OrderDetail } from '#shared/schemas/orders';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import { getStore } from '../stores/find-store.ts';
import { getOrder } from './get-order.ts';

export const ORDER_DOCUMENTS = ['invoice', 'slip'] as const;
export type OrderDocument = (typeof ORDER_DOCUMENTS)[number];

const TITLES: Record<OrderDocument, string> = { invoice: 'Invoice', slip: 'Packing slip' };

function addressLines(address: OrderDetail['shippingAddress']): string[] {
  if (!address) return [];
  return [address.name, address.company, address.street1, address.street2, [address.zip, address.city].filter(Boolean).join(' '), [address.province, address.country].filter(Boolean).join(' '), address.phone].filter(
    (line) => line && line.trim() !== '',
  );
}

/**
 * The PDF of one vendor order: the invoice (lines with prices, totals) or the packing slip (what to
 * put in the box, no prices). Built from the same answer as GET orders/{id}, so a vendor's document
 * never shows what the store hides from vendors. Uncompressed: small, and its text stays searchable.
 */
export async function renderOrderDocument(ctx: AppContext, auth: AuthContext, orderId: string, document: string): Promise<{ pdf: Buffer; filename: string }> {
  if (!(ORDER_DOCUMENTS as readonly string[]).includes(document)) throw notFound('Unknown document');
  const kind = document as OrderDocument;
  const { order } = await getOrder(ctx, auth, orderId);
  const store = await getStore(ctx.db, auth.storeId);
  const pdf = new PDFDocument({ size: 'A4', margin: 50, compress: false, info: { Title: `${TITLES[kind]} ${order.name}`, Author: store.shopName } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => pdf.on('end', () => resolve()));

  pdf.fontSize(20).text(TITLES[kind]);
  pdf.moveDown(0.5).fontSize(10).fillColor('#444');
  pdf.text(`${store.shopName} - ${order.vendor}`);
  pdf.text(`Order ${order.name}, ${order.placedAt.slice(0, 10)}`);
  pdf.moveDown().fillColor('#000').fontSize(11).text('Ship to', { underline: true });
  pdf.fontSize(10);
  for (const line of addressLines(order.shippingAddress)) pdf.text(line);
  if (order.customerEmail) pdf.text(order.customerEmail);
  if (kind === 'invoice' && order.billingAddress) {
    pdf.moveDown().fontSize(11).text('Bill to', { underline: true }).fontSize(10);
    for (const line of addressLines(order.billingAddress)) pdf.text(line);
  }

  pdf.moveDown().fontSize(11).text(kind === 'invoice' ? 'Items' : 'In this parcel', { underline: true }).fontSize(10);
  for (const line of order.lines) {
    const name = line.variantTitle ? `${line.title} (${line.variantTitle})` : line.title;
    const sku = line.sku ? `  [${line.sku}]` : '';
    pdf.text(kind === 'invoice' ? `${line.quantity} x ${name}${sku}   ${order.currency} ${line.price}` : `${line.quantity} x ${name}${sku}`);
  }
  if (kind === 'invoice') {
    pdf.moveDown();
    const totals: [string, string][] = [
      ['Subtotal', order.subtotal],
      ['Discount', order.discount],
      ['Shipping', order.shipping],
      ['Tax', order.tax],
    ];
    for (const [label, amount] of totals) pdf.text(`${label}: ${order.currency} ${amount}`, { align: 'right' });
    pdf.fontSize(12).text(`Total: ${order.currency} ${order.total}`, { align: 'right' });
  }
  pdf.end();
  await done;
  return { pdf: Buffer.concat(chunks), filename: `${kind}-${order.name.replace(/[^\w-]+/g, '')}.pdf` };
}
