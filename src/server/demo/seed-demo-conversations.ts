import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { DEMO_STORE } from './seed-demo.ts';
import { products, users, vendorOrders, vendors } from '../db/schema/index.ts';
import type { AuthContext } from '../http/policy.ts';
import { chatWithBuyer } from '../modules/conversations/chat-with-buyer.ts';
import { chatWithSeller } from '../modules/conversations/chat-with-seller.ts';
import { sendConversationMessage } from '../modules/conversations/send-conversation-message.ts';
import { patchStoreSettings } from '../modules/settings/store-settings.ts';
import { getStore } from '../modules/stores/find-store.ts';

/**
 * A few conversations in the demo inbox, written through the same use cases as real ones: a buyer's
 * question the vendor answered and the buyer followed up (unread), a question still unanswered, and
 * a vendor writing to the buyer of an order. Conversations are switched on for the demo store.
 */
export async function seedDemoConversations(ctx: AppContext) {
  await patchStoreSettings(ctx.db, DEMO_STORE, { features: { messages: { enabled: true } } });
  const store = await getStore(ctx.db, DEMO_STORE);
  const byTitle = Object.fromEntries(
    (
      await ctx.db
        .select({ id: products.id, title: products.title })
        .from(products)
        .where(and(eq(products.storeId, DEMO_STORE), inArray(products.title, ['Stoneware mug', 'Brass desk lamp'])))
    ).map((p) => [p.title, p.id]),
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
  const one = await vendorAuth('Vendor One');

  const mug = await chatWithSeller(
    ctx,
    store,
    {
      productId: byTitle['Stoneware mug'],
      email: 'alex@buyer.example',
      name: 'Alex Jansen',
      text: 'Hi! Is the stoneware mug dishwasher safe?',
    },
    undefined,
  );
  await sendConversationMessage(
    ctx,
    { kind: 'user', auth: one },
    { conversationId: mug.conversationId, text: 'Hello Alex, yes: dishwasher and microwave safe.', image: null, replyAs: null },
  );
  await sendConversationMessage(
    ctx,
    { kind: 'buyer', storeId: DEMO_STORE, conversationId: mug.conversationId, email: 'alex@buyer.example' },
    { conversationId: mug.conversationId, text: 'Great, do you have it in green too?', image: null, replyAs: null },
  );

  await chatWithSeller(
    ctx,
    store,
    {
      productId: byTitle['Brass desk lamp'],
      email: 'kim@buyer.example',
      name: 'Kim Weber',
      text: 'Does the lamp come with a bulb, and which fitting is it?',
    },
    undefined,
  );

  // Vendor One's newest order (today's, in the demo sales).
  const [part] = await ctx.db
    .select({ id: vendorOrders.id })
    .from(vendorOrders)
    .where(and(eq(vendorOrders.storeId, DEMO_STORE), eq(vendorOrders.vendorId, one.vendorId!)))
    .orderBy(desc(vendorOrders.placedAt))
    .limit(1);
  if (part) {
    const { conversationId } = await chatWithBuyer(ctx, one, part.id);
    await sendConversationMessage(
      ctx,
      { kind: 'user', auth: one },
      { conversationId, text: 'Thank you for your order! It ships tomorrow.', image: null, replyAs: null },
    );
  }
}
