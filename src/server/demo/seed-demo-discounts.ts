import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DiscountInputSchema } from '#shared/schemas/discounts';
import { CheckoutBodySchema } from '#shared/schemas/orders';
import type { AppContext } from '../context.ts';
import { DEMO_ACCOUNTS, DEMO_STORE } from './seed-demo.ts';
import { productVariants, users } from '../db/schema/index.ts';
import type { AuthContext } from '../http/policy.ts';
import { createDiscount } from '../modules/discounts/manage-discounts.ts';
import { placeCheckout } from '../modules/orders/place-checkout.ts';
import { recordOrderPayment } from '../modules/orders/record-order-payment.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

async function authOf(ctx: AppContext, email: string): Promise<AuthContext> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.storeId, DEMO_STORE), eq(users.email, email)));
  return {
    userId: user.id,
    storeId: DEMO_STORE,
    email: user.email,
    name: user.name,
    isAdmin: user.isAdmin,
    vendor: user.isAdmin ? '*' : '',
    vendorId: user.vendorId,
  };
}

/**
 * The demo's discounts: a marketplace code (used by one checkout of the built-in storefront), a
 * vendor's own code, a running automatic discount and one that has ended, through the same use cases as the screens.
 */
export async function seedDemoDiscounts(ctx: AppContext, mugSku: string) {
  const admin = await authOf(ctx, DEMO_ACCOUNTS.admin);
  const vendor = await authOf(ctx, DEMO_ACCOUNTS.vendor1);
  const day = (offset: number) => new Date(ctx.now().getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  const make = (auth: AuthContext, input: Record<string, unknown>) => createDiscount(ctx, auth, DiscountInputSchema.parse(input));
  await make(admin, {
    method: 'code',
    code: 'WELCOME10',
    name: 'Welcome: 10% off',
    value: { type: 'percentage', percentage: 10 },
    active: { from: day(-30), withEndDate: true, until: day(60) },
    limit: { onePerCustomer: true, withUsage: true, usage: 500 },
  });
  await make(vendor, {
    method: 'code',
    code: 'MUGS3',
    name: 'Three dollars off two mugs',
    value: { type: 'fixed', fixed: '3' },
    active: { from: day(-7) },
    minPurchase: { type: 'quantity', value: 2 },
  });
  await make(admin, {
    method: 'automatic',
    name: 'Big baskets: $5 off from $150',
    value: { type: 'fixed', fixed: '5' },
    active: { from: day(-14) },
    minPurchase: { type: 'amount', value: '150' },
  });
  await make(admin, {
    method: 'automatic',
    name: 'Summer sale',
    value: { type: 'percentage', percentage: 15 },
    active: { from: day(-150), withEndDate: true, until: day(-120) },
  });

  const [mug] = await ctx.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, DEMO_STORE), eq(productVariants.sku, mugSku)));
  const placed = await placeCheckout(
    ctx,
    DEMO_STORE,
    CheckoutBodySchema.parse({
      store: DEMO_STORE,
      checkoutId: randomUUID(),
      email: 'kim@buyer.example',
      discountCode: 'WELCOME10',
      address: { name: 'Kim Weber', street1: '7 Domstraße', city: 'Köln', zip: '50667', country: 'DE' },
      lines: [{ variantId: mug.id, quantity: 2 }],
    }),
  );
  // Its bank transfer arrived: the demo's orders are paid.
  await recordOrderPayment(ctx, DEMO_STORE, placed.orderId, ctx.now());
}
