import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { shareOfUnits } from '#shared/money';
import { createTestApp, DEMO_ACCOUNTS, DEMO_STORE, type TestApp } from '../../../../test/support/test-app.ts';
import type { AuthContext } from '#server/http/policy';
import { overrideOrderCommission } from '../orders/override-commission.ts';
import { ledgerEntries, orderLines, orders, users, vendorOrders, vendors } from '#server/db/schema/index';
import { cancelOrder } from '../orders/cancel-order.ts';
import { ingestOrder } from '../orders/ingest-order.ts';
import { refundOrder } from '../orders/refund-order.ts';
import { patchStoreSettings } from '../settings/store-settings.ts';

let t: TestApp;
let adminAuth: AuthContext;
let vendorIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin));
  adminAuth = { userId: admin.id, storeId: DEMO_STORE, email: admin.email, name: admin.name, isAdmin: true, vendor: '*', vendorId: null };
  vendorIds = await Promise.all(VENDORS.map(async (name) => (await t.db.select().from(vendors).where(eq(vendors.name, name)))[0].id));
});
afterAll(() => t.close());

const VENDORS = ['Vendor One', 'Vendor Two'];
const lineArb = fc.record({
  vendor: fc.constantFrom(...VENDORS, 'The shop itself'),
  quantity: fc.integer({ min: 1, max: 5 }),
  price: fc.integer({ min: 0, max: 50_000 }),
  discountPct: fc.integer({ min: 0, max: 100 }),
  tax: fc.integer({ min: 0, max: 3_000 }),
});
const orderArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
  shipping: fc.integer({ min: 0, max: 2_000 }),
  config: fc.record({
    includeDiscount: fc.boolean(),
    includeShipping: fc.boolean(),
    includeTax: fc.boolean(),
    shippingInPayout: fc.boolean(),
    discountInPayout: fc.boolean(),
    taxInPayout: fc.boolean(),
  }),
  refunds: fc.array(fc.record({ line: fc.nat(), quantity: fc.integer({ min: 1, max: 5 }), shipping: fc.integer({ min: 0, max: 1_500 }) }), {
    maxLength: 3,
  }),
  cancel: fc.boolean(),
  /** An admin's commission for the first vendor, after the refunds. */
  override: fc.option(fc.record({ flat: fc.integer({ min: 0, max: 30 }).map(String), percentage: fc.integer({ min: 0, max: 100 }) })),
  /** Settings change after the order: must not change its entries. */
  later: fc.boolean(),
});

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('the ledger agrees with the orders it comes from', () => {
  it('for any mix of orders, financeConfig flags, refunds and cancellations, to the cent (sales, commission, shipping, balance)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(orderArb, { minLength: 1, maxLength: 3 }), async (generated) => {
        const made: { orderId: string; config: (typeof generated)[number]['config']; cancelled: boolean }[] = [];
        for (const g of generated) {
          await patchStoreSettings(t.db, DEMO_STORE, { financeConfig: g.config });
          const { orderId } = await ingestOrder(t.ctx, DEMO_STORE, {
            source: 'shopify',
            platformOrderId: randomUUID(),
            name: `#P${Math.floor(Math.random() * 1e6)}`,
            currency: 'USD',
            customer: { name: 'Buyer', email: 'buyer@example.com', phone: '' },
            shippingAddress: null,
            billingAddress: null,
            lines: g.lines.map((l, i) => ({
              platformLineId: String(i),
              variantId: null,
              sku: '',
              vendorName: l.vendor,
              title: `Item ${i}`,
              variantTitle: '',
              quantity: l.quantity,
              price: l.price,
              discount: Math.floor((l.price * l.quantity * l.discountPct) / 100),
              tax: l.tax,
            })),
            shipping: g.shipping,
            placedAt: t.ctx.now(),
            payment: { status: 'paid', method: 'platform', paidAt: t.ctx.now() },
          });
          if (g.later)
            await patchStoreSettings(t.db, DEMO_STORE, {
              financeConfig: { taxInPayout: !g.config.taxInPayout, shippingInPayout: !g.config.shippingInPayout },
            });
          const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
          for (const r of g.refunds) {
            const line = lines.length ? lines[r.line % lines.length] : null;
            await refundOrder(t.db, DEMO_STORE, orderId, {
              sourceRefundId: randomUUID(),
              lines: line ? [{ lineId: line.id, quantity: r.quantity, restock: false }] : [],
              shipping: r.shipping,
              at: t.ctx.now(),
              clamp: true,
            });
          }
          const [firstPart] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, orderId));
          if (g.override && firstPart && firstPart.fulfillment !== 'cancelled') {
            const vendor = VENDORS.find((_, i) => firstPart.vendorId === vendorIds[i])!;
            await overrideOrderCommission(t.ctx, adminAuth, { vendor, orderId, ...g.override });
          }
          if (g.cancel) await cancelOrder(t.db, DEMO_STORE, orderId, t.ctx.now());
          made.push({ orderId, config: g.config, cancelled: g.cancel });
        }

        const ids = made.map((m) => m.orderId);
        const entries = await t.db.select().from(ledgerEntries).where(inArray(ledgerEntries.orderId, ids));
        const parts = await t.db.select().from(vendorOrders).where(inArray(vendorOrders.orderId, ids));
        const lines = await t.db.select().from(orderLines).where(inArray(orderLines.orderId, ids));
        const orderRows = await t.db.select().from(orders).where(inArray(orders.id, ids));
        const balances = new Map<string, number>();
        const expected = new Map<string, number>();

        for (const { orderId, config, cancelled } of made) {
          const of = (kinds: string[], vendorOrderId?: string) =>
            sum(
              entries
                .filter((e) => e.orderId === orderId && kinds.includes(e.kind) && (!vendorOrderId || e.vendorOrderId === vendorOrderId))
                .map((e) => e.amount),
            );
          const own = parts.filter((p) => p.orderId === orderId);
          // Arrival: sales are the vendors' goods, commission what is frozen on their lines.
          expect(sum(entries.filter((e) => e.orderId === orderId && e.kind === 'sale' && !e.reversesEntryId).map((e) => e.amount))).toBe(
            sum(own.map((p) => p.subtotal)),
          );
          const order = orderRows.find((o) => o.id === orderId)!;
          expect(sum(own.map((p) => p.shipping))).toBe(own.length ? order.shipping : 0);
          if (cancelled) {
            expect(order.cancelledAt).not.toBeNull();
            for (const kind of ['sale', 'refund', 'commission', 'discount', 'tax', 'shipping']) expect(of([kind])).toBe(0);
            continue;
          }
          for (const part of own) {
            const ls = lines.filter((l) => l.vendorOrderId === part.id);
            const left = (l: (typeof ls)[number], total: number) => total - shareOfUnits(total, l.quantity, 0, l.refundedQuantity);
            const goods = sum(ls.map((l) => left(l, l.price * l.quantity)));
            const commission = sum(ls.map((l) => left(l, l.commission)));
            const discount = sum(ls.map((l) => left(l, l.discount)));
            const tax = sum(ls.map((l) => left(l, l.tax)));
            const shipping = of(['shipping'], part.id);
            expect(of(['sale', 'refund'], part.id)).toBe(goods);
            expect(of(['commission'], part.id)).toBe(0 - commission);
            expect(of(['discount'], part.id)).toBe(0 - discount);
            expect(of(['tax'], part.id)).toBe(tax);
            expect(shipping).toBeGreaterThanOrEqual(0);
            expect(shipping).toBeLessThanOrEqual(part.shipping);
            // What the vendor is owed, under the flags of the moment the order arrived.
            const owed =
              goods -
              commission +
              (config.shippingInPayout ? shipping : 0) +
              (config.taxInPayout ? tax : 0) -
              (config.discountInPayout ? discount : 0);
            expected.set(part.vendorId, (expected.get(part.vendorId) ?? 0) + owed);
          }
          // Shipping refunds never take more than the order's shipping.
          expect(of(['shipping'])).toBeGreaterThanOrEqual(0);
        }
        for (const e of entries) if (e.inPayout) balances.set(e.vendorId, (balances.get(e.vendorId) ?? 0) + e.amount);
        for (const [vendorId, owed] of expected) expect(balances.get(vendorId) ?? 0).toBe(owed);
      }),
      { numRuns: 12 },
    );
  });
});
