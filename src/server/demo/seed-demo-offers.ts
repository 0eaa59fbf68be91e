import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { DEMO_STORE } from './seed-demo.ts';
import { products, productVariants, users, vendors } from '../db/schema/index.ts';
import type { AuthContext } from '../http/policy.ts';
import { actOnOffer } from '../modules/offers/act-on-offer.ts';
import { makeOffer } from '../modules/offers/make-offer.ts';
import { patchStoreSettings } from '../modules/settings/store-settings.ts';

/**
 * A few offers in the demo, made and answered through the same use cases as real ones: one pending,
 * one the seller countered, one accepted (its stock held for the buyer's checkout) and one rejected.
 * Offers are switched on for the demo store.
 */
export async function seedDemoOffers(ctx: AppContext) {
  await patchStoreSettings(ctx.db, DEMO_STORE, { features: { makeAnOffer: { enabled: true } } });
  const variantOf = Object.fromEntries(
    (
      await ctx.db
        .select({ title: products.title, variantId: productVariants.id })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(
          and(
            eq(productVariants.storeId, DEMO_STORE),
            inArray(products.title, ['Stoneware mug', 'Linen tea towel', 'Brass desk lamp', 'Walnut serving board']),
          ),
        )
    ).map((r) => [r.title, r.variantId]),
  );
  const vendorAuth = async (name: string): Promise<AuthContext> => {
    const [row] = await ctx.db
      .select({ user: users, vendorId: vendors.id })
      .from(users)
      .innerJoin(vendors, eq(vendors.id, users.vendorId))
      .where(and(eq(users.storeId, DEMO_STORE), eq(vendors.name, name)));
    return {
      userId: row.user.id,
      storeId: DEMO_STORE,
      email: row.user.email,
      name: row.user.name,
      isAdmin: false,
      vendor: name,
      vendorId: row.vendorId,
    };
  };
  const [one, two] = [await vendorAuth('Vendor One'), await vendorAuth('Vendor Two')];

  await makeOffer(ctx, DEMO_STORE, { email: 'alex@buyer.example', amount: '15.00', quantity: 2, variantId: variantOf['Stoneware mug'] });
  const towel = await makeOffer(ctx, DEMO_STORE, {
    email: 'sam@buyer.example',
    amount: '6.00',
    quantity: 4,
    variantId: variantOf['Linen tea towel'],
  });
  await actOnOffer(ctx, one, { id: towel.id, action: 'reject' });
  const lamp = await makeOffer(ctx, DEMO_STORE, {
    email: 'kim@buyer.example',
    amount: '70.00',
    quantity: 1,
    variantId: variantOf['Brass desk lamp'],
  });
  await actOnOffer(ctx, two, { id: lamp.id, action: 'counter', counterOffer: '80.00' });
  const board = await makeOffer(ctx, DEMO_STORE, {
    email: 'alex@buyer.example',
    amount: '40.00',
    quantity: 1,
    variantId: variantOf['Walnut serving board'],
  });
  await actOnOffer(ctx, two, { id: board.id, action: 'accept' });
}
