import type { ContactForm } from '#shared/schemas/public';
import { EmailSchema } from '#shared/schemas/common';
import type { AppContext } from '#server/context';
import { publicMessages } from '#server/db/schema/index';
import type { StoreRecord } from '../stores/index.ts';
import { mailSupport } from './mail-support.ts';

/** Keeps a storefront contact form as sent (its fields are the theme's) and mails it to support. */
export async function submitContactForm(ctx: AppContext, store: StoreRecord, data: ContactForm['data']) {
  // The schema has checked it; parsing again gives the normalised (trimmed, lowercased) address.
  const email = data.email === undefined ? null : EmailSchema.parse(data.email);
  const lines = Object.entries(data).map(([key, value]) => `${key}: ${value}`);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(publicMessages)
      .values({ storeId: store.id, kind: 'contact-form', email, data })
      .returning({ id: publicMessages.id });
    await mailSupport(ctx, tx, store, {
      template: 'marketplace-contact-message',
      vars: { subject: `Contact form on ${store.shopName}`, email, lines },
      dedupeKey: `public-message:${row.id}`,
    });
  });
}
