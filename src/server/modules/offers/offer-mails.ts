import { eq } from 'drizzle-orm';
import { formatMoney } from '#shared/money';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { vendors } from '#server/db/schema/index';
import { activeVendorEmails } from '../notifications/index.ts';
import type { OfferRow } from './offer-scope.ts';
import { issueOfferToken } from './offer-token.ts';

type Mail = 'received' | 'requested' | 'countered' | 'rejected' | 'accepted';

/** The buyer's page of an offer (the SPA's public /app/offer/<token>). */
export const buyerOfferLink = (ctx: AppContext, row: Pick<OfferRow, 'storeId' | 'id' | 'buyerEmail'>) =>
  `${ctx.config.publicUrl}/app/offer/${issueOfferToken(ctx, { storeId: row.storeId, offerId: row.id }, row.buyerEmail)}`;

/**
 * The offer's mails, queued in the transaction that changed it (so a rolled-back change mails
 * nothing), once per offer and step. Amounts are formatted in the offer's currency, in English like
 * the other default templates.
 */
export async function mailOffer(ctx: AppContext, tx: Db, row: OfferRow, mail: Mail, step: string) {
  const money = (minor: number | null) => (minor === null ? '' : formatMoney(minor, row.currency));
  const base = {
    product_title: row.variantTitle ? `${row.productTitle} (${row.variantTitle})` : row.productTitle,
    offer_amount: money(row.amount),
    price: money(row.price),
  };
  const dedupeKey = (to: string) => `offer:${row.id}:${step}:${to}`;
  if (mail === 'received') {
    const [vendor] = await tx.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, row.vendorId));
    for (const to of await activeVendorEmails(tx, row.storeId, row.vendorId)) {
      await ctx.mailer.send(
        {
          storeId: row.storeId,
          template: 'offer-received',
          to,
          vars: {
            ...base,
            vendor: vendor?.name ?? '',
            buyer_email: row.buyerEmail,
            link: `${ctx.config.publicUrl}/app/offers?q=${encodeURIComponent(row.buyerEmail)}`,
          },
          dedupeKey: dedupeKey(to),
        },
        tx,
      );
    }
    return;
  }
  const link = buyerOfferLink(ctx, row);
  const vars =
    mail === 'accepted'
      ? {
          ...base,
          agreed_amount: money(row.agreedAmount),
          expires_at: row.expiresAt ? `${row.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '',
          link,
        }
      : { ...base, counter_offer: mail === 'countered' ? money(row.counterAmount) : '', link };
  const template = mail === 'accepted' ? 'offer-accepted' : mail === 'rejected' ? 'offer-rejected' : 'offer-requested';
  await ctx.mailer.send({ storeId: row.storeId, template, to: row.buyerEmail, vars, dedupeKey: dedupeKey(row.buyerEmail) }, tx);
}
