import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyDecimals, formatMinorUnits, formatMoney } from '#shared/money';
import { DEFAULT_DELIVERY_SETTINGS, ZoneSchema } from '#shared/schemas/delivery';
import { DISCOUNT_MESSAGES, DiscountInputSchema } from '#shared/schemas/discounts';
import { ORDER_MESSAGES } from '#shared/schemas/orders';
import type { AuthContext } from '#server/http/policy';
import {
  deliveryZones,
  discounts,
  ledgerEntries,
  offers,
  orderLines,
  orders,
  productVariants,
  users,
  vendorOrders,
  vendors,
} from '#server/db/schema/index';
import { createTestApp, DEMO_ACCOUNTS, DEMO_STORE, type TestApp } from '../../../../test/support/test-app.ts';
import { saveDeliverySettings } from '../delivery/delivery-settings.ts';
import { saveDeliveryZone } from '../delivery/delivery-zones.ts';
import { createDiscount } from '../discounts/manage-discounts.ts';
import { actOnOffer } from '../offers/act-on-offer.ts';
import { makeOffer } from '../offers/make-offer.ts';
import { issueOfferToken } from '../offers/offer-token.ts';
import { createOrUpdateProduct } from '../products/index.ts';
import { patchStoreSettings } from '../settings/store-settings.ts';

/**
 * Whatever currencies a store has sold in over time (two decimals, none like JPY, three like KWD),
 * an order's every component (its lines' prices, an offer's agreed price, the shipping, the discount,
 * the tax, the ledger's entries) is in the order's currency: the model below prices each checkout
 * from the zones and discounts of that currency only, and the checkout must agree to the minor unit
 * or refuse for the model's reason.
 */

let t: TestApp;
let admin: AuthContext;
let vendorOne: AuthContext;

beforeAll(async () => {
  t = await createTestApp();
  const authOf = async (email: string): Promise<AuthContext> => {
    const [user] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.storeId, DEMO_STORE), eq(users.email, email)));
    const vendor = user.vendorId ? (await t.db.select().from(vendors).where(eq(vendors.id, user.vendorId)))[0].name : '*';
    return {
      userId: user.id,
      storeId: DEMO_STORE,
      email: user.email,
      name: user.name,
      isAdmin: user.isAdmin,
      vendor,
      vendorId: user.vendorId,
    };
  };
  admin = await authOf(DEMO_ACCOUNTS.admin);
  vendorOne = await authOf(DEMO_ACCOUNTS.vendor1);
  await patchStoreSettings(t.db, DEMO_STORE, { features: { discounts: { enabled: true }, makeAnOffer: { enabled: true } } });
  // One delivery option, the cheapest rate of the marketplace's zones.
  await saveDeliverySettings(t.db, { storeId: DEMO_STORE, vendorId: null }, DEFAULT_DELIVERY_SETTINGS);
});
afterAll(() => t.close());

const CURRENCIES = ['USD', 'EUR', 'JPY', 'KWD'] as const;
const currencyArb = fc.constantFrom(...CURRENCIES);
/** A period of the store in one currency: what was typed in it then (amounts in its minor units). */
const eraArb = fc.record({
  currency: currencyArb,
  price: fc.integer({ min: 2, max: 200_000 }),
  zone: fc.option(
    fc.array(fc.record({ price: fc.integer({ min: 0, max: 5_000 }), minTotal: fc.option(fc.integer({ min: 0, max: 200_000 })) }), {
      minLength: 1,
      maxLength: 2,
    }),
  ),
  discount: fc.option(
    fc.record({
      value: fc.oneof(
        fc.record({ type: fc.constant('fixed' as const), amount: fc.integer({ min: 1, max: 100_000 }) }),
        fc.record({ type: fc.constant('percentage' as const), percent: fc.integer({ min: 1, max: 100 }) }),
      ),
      minAmount: fc.option(fc.integer({ min: 1, max: 200_000 })),
      /** The vendor's share of what it takes off, percent: 0 the marketplace funds it, 100 the vendor, else a split. */
      vendorShare: fc.constantFrom(0, 100, 25, 33.33, 50),
    }),
  ),
});
const checkoutArb = fc.record({
  product: fc.nat(),
  quantity: fc.integer({ min: 1, max: 3 }),
  discount: fc.option(fc.nat()),
  /** An accepted offer at half the price; `recordedIn` another currency stands for an offer stored before offers took their product's. */
  offer: fc.option(fc.record({ recordedIn: fc.option(currencyArb) })),
});

type Era = {
  currency: string;
  price: number;
  zone: { price: number; minTotal: number | null }[] | null;
  discount: {
    value: { type: 'fixed'; amount: number } | { type: 'percentage'; percent: number };
    minAmount: number | null;
    vendorShare: number;
  } | null;
};
type Made = Era & { variantId: string; code: string | null };

/** Writes each era through the use cases the screens call, the store switched to its currency first. */
async function writeEras(eras: Era[], finalCurrency: string): Promise<Made[]> {
  await t.db.delete(deliveryZones).where(and(eq(deliveryZones.storeId, DEMO_STORE), isNull(deliveryZones.vendorId)));
  await t.db.delete(discounts).where(eq(discounts.storeId, DEMO_STORE));
  const made: Made[] = [];
  for (const era of eras) {
    await patchStoreSettings(t.db, DEMO_STORE, { currency: era.currency });
    const decimals = currencyDecimals(era.currency);
    const amount = (minor: number) => formatMinorUnits(minor, decimals);
    const sku = `P-${randomUUID().slice(0, 8)}`;
    const { productId } = await createOrUpdateProduct(t.ctx, admin, {
      title: `Item ${sku}`,
      vendor: 'Vendor One',
      status: 'ACTIVE',
      variants: [{ price: formatMinorUnits(era.price, decimals), stock: 1000, trackStock: true, sku, weight: 1 }],
    });
    const [variant] = await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId));
    if (era.zone) {
      const rates = era.zone.map((r, i) => ({
        name: `Rate ${i}`,
        price: amount(r.price),
        ...(r.minTotal === null ? {} : { field: 'TOTAL_PRICE', min: amount(r.minTotal) }),
      }));
      await saveDeliveryZone(
        t.db,
        { storeId: DEMO_STORE, vendorId: null },
        ZoneSchema.parse({ zoneName: `NL ${sku}`, rates, countries: [{ code: 'NL' }] }),
      );
    }
    let code: string | null = null;
    if (era.discount) {
      code = `C${sku}`;
      const { value, minAmount, vendorShare } = era.discount;
      await createDiscount(
        t.ctx,
        admin,
        DiscountInputSchema.parse({
          method: 'code',
          code,
          name: code,
          value:
            value.type === 'fixed' ? { type: 'fixed', fixed: amount(value.amount) } : { type: 'percentage', percentage: value.percent },
          active: { from: '2020-01-01' },
          minPurchase: minAmount === null ? { type: 'none' } : { type: 'amount', value: amount(minAmount) },
          fundedBy: vendorShare === 0 ? 'marketplace' : vendorShare === 100 ? 'vendor' : 'split',
          vendorShare,
        }),
      );
    }
    made.push({ ...era, variantId: variant.id, code });
  }
  await patchStoreSettings(t.db, DEMO_STORE, { currency: finalCurrency });
  return made;
}

type Expected =
  | { status: 200; currency: string; unit: number; subtotal: number; discount: number; shipping: number }
  | { status: 400 | 409; message: string };

/** The model: what the checkout must answer, from the amounts in the cart's currency only. */
function expected(
  made: Made[],
  product: Made,
  quantity: number,
  discounted: Made | null,
  offer: { agreed: number; currency: string } | null,
): Expected {
  const currency = product.currency;
  if (offer && offer.currency !== currency) return { status: 409, message: ORDER_MESSAGES.offerCurrency(offer.currency, currency) };
  const unit = offer ? offer.agreed : product.price;
  const subtotal = unit * quantity;
  const rates = made
    .filter((e) => e.currency === currency)
    .flatMap((e) => (e.zone ?? []).filter((r) => r.minTotal === null || subtotal >= r.minTotal).map((r) => r.price));
  if (rates.length === 0) return { status: 400, message: ORDER_MESSAGES.noDelivery };
  const shipping = Math.min(...rates);
  let discount = 0;
  if (discounted?.discount) {
    const { value, minAmount } = discounted.discount;
    if ((value.type === 'fixed' || minAmount !== null) && discounted.currency !== currency)
      return { status: 400, message: DISCOUNT_MESSAGES.otherCurrency(discounted.currency) };
    if (minAmount !== null && subtotal < minAmount)
      return { status: 400, message: DISCOUNT_MESSAGES.minAmount(formatMoney(minAmount, currency)) };
    discount = value.type === 'fixed' ? Math.min(value.amount, subtotal) : Math.floor((subtotal * value.percent + 50) / 100);
  }
  return { status: 200, currency, unit, subtotal, discount, shipping };
}

describe('an order is in one currency', () => {
  it('for any history of store currencies, zones, discounts and offers: every component of every order is in its currency, to the minor unit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eraArb, { minLength: 1, maxLength: 3 }),
        currencyArb,
        fc.array(checkoutArb, { minLength: 1, maxLength: 2 }),
        async (eras, finalCurrency, checkouts) => {
          const made = await writeEras(eras, finalCurrency);
          for (const c of checkouts) {
            const product = made[c.product % made.length];
            const discounted = c.discount === null ? null : made[c.discount % made.length];
            const email = `buyer-${randomUUID()}@example.com`;
            let offer: { agreed: number; currency: string; token: string } | null = null;
            if (c.offer) {
              const agreed = Math.floor(product.price / 2);
              const { id } = await makeOffer(t.ctx, DEMO_STORE, {
                email,
                amount: formatMinorUnits(agreed, currencyDecimals(product.currency)),
                quantity: c.quantity,
                variantId: product.variantId,
              });
              await actOnOffer(t.ctx, vendorOne, { id, action: 'accept' });
              const [row] = await t.db
                .select()
                .from(offers)
                .where(and(eq(offers.storeId, DEMO_STORE), eq(offers.id, id)));
              expect(row).toMatchObject({ currency: product.currency, agreedAmount: agreed });
              const recordedIn = c.offer.recordedIn ?? product.currency;
              if (recordedIn !== product.currency)
                await t.db
                  .update(offers)
                  .set({ currency: recordedIn })
                  .where(and(eq(offers.storeId, DEMO_STORE), eq(offers.id, id)));
              offer = { agreed, currency: recordedIn, token: issueOfferToken(t.ctx, { storeId: DEMO_STORE, offerId: id }, email) };
            }
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/storefront/checkout',
              // Each checkout from its own buyer's address: the public calls' per-address limit is not what is tested here.
              remoteAddress: `10.27.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
              payload: {
                store: DEMO_STORE,
                checkoutId: randomUUID(),
                email,
                address: { name: 'Buyer', street1: 'Dam 1', city: 'Amsterdam', zip: '1012', country: 'NL' },
                lines: [{ variantId: product.variantId, quantity: c.quantity }],
                ...(discounted?.code ? { discountCode: discounted.code } : {}),
                ...(offer ? { offerToken: offer.token } : {}),
              },
            });
            const want = expected(made, product, c.quantity, discounted?.code ? discounted : null, offer);
            if (want.status !== 200) {
              expect({ status: res.statusCode, message: res.json().message }).toEqual(want);
              continue;
            }
            expect(res.statusCode, res.body).toBe(200);
            const decimals = currencyDecimals(want.currency);
            const total = want.subtotal - want.discount + want.shipping;
            expect(res.json()).toMatchObject({
              currency: want.currency,
              subtotal: formatMinorUnits(want.subtotal, decimals),
              discount: formatMinorUnits(want.discount, decimals),
              shipping: formatMinorUnits(want.shipping, decimals),
              total: formatMinorUnits(total, decimals),
            });
            const orderId = res.json().orderId as string;
            const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
            expect(order).toMatchObject({
              currency: want.currency,
              subtotal: want.subtotal,
              discount: want.discount,
              shipping: want.shipping,
              tax: 0,
              total,
            });
            const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
            expect(lines.map((l) => ({ price: l.price, quantity: l.quantity, discount: l.discount, tax: l.tax }))).toEqual([
              { price: want.unit, quantity: c.quantity, discount: want.discount, tax: 0 },
            ]);
            const [part] = await t.db.select().from(vendorOrders).where(eq(vendorOrders.orderId, orderId));
            expect(part).toMatchObject({ subtotal: want.subtotal, discount: want.discount, shipping: want.shipping });
            const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
            expect(new Set(entries.map((e) => e.currency))).toEqual(new Set(entries.length ? [want.currency] : []));
            // Who pays: the vendor its share of the discount (half up), in its payout and off its commission's base; the marketplace the rest, out of the payout.
            const vendorDiscount =
              want.discount && discounted?.discount
                ? Math.floor((want.discount * Math.round(discounted.discount.vendorShare * 100) + 5000) / 10000)
                : null;
            expect(lines[0].vendorDiscount).toBe(vendorDiscount);
            expect(part.vendorShare).toBe(want.subtotal - (vendorDiscount ?? 0) - part.commission);
            if (entries.length) {
              const discountTaken = (inPayout: boolean) =>
                entries.filter((e) => e.kind === 'discount' && e.inPayout === inPayout).reduce((sum, e) => sum - e.amount, 0);
              expect([discountTaken(true), discountTaken(false)]).toEqual([vendorDiscount ?? 0, want.discount - (vendorDiscount ?? 0)]);
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
