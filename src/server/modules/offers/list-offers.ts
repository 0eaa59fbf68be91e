import { and, desc, eq, ilike, or } from 'drizzle-orm';
import {
  OFFER_MESSAGES,
  OFFERS_PAGE_SIZE,
  OFFER_PAGE_CAP,
  OfferListQuerySchema,
  type OfferListAnswer,
  type OfferListQuery,
} from '#shared/schemas/offers';
import type { AppContext } from '#server/context';
import { countUpTo } from '#server/db/count-up-to';
import { offers, vendors } from '#server/db/schema/index';
import { notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { isUuid } from '#server/lib/is-uuid';
import { historyOf } from './offer-history.ts';
import { offerScope, type OfferRow } from './offer-scope.ts';
import { presentOffer } from './present-offer.ts';

const COUNT_CAP = OFFERS_PAGE_SIZE * OFFER_PAGE_CAP;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

async function present(ctx: AppContext, storeId: string, rows: { offer: OfferRow; vendorName: string }[]) {
  const history = await historyOf(
    ctx.db,
    storeId,
    rows.map((r) => r.offer.id),
  );
  return rows.map((r) => presentOffer(r.offer, r.vendorName, history.get(r.offer.id) ?? []));
}

/**
 * GET offers: the caller's offers (a vendor its own products', an admin all), newest first, 25 a
 * page; status all (default) or one status; q matches the buyer's e-mail or the product's title.
 */
export async function listOffers(ctx: AppContext, auth: AuthContext, input: OfferListQuery): Promise<OfferListAnswer> {
  const query = OfferListQuerySchema.parse(input);
  const q = query.q ? `%${escapeLike(query.q)}%` : null;
  const where = and(
    offerScope(auth),
    query.status === 'all' ? undefined : eq(offers.status, query.status),
    q ? or(ilike(offers.buyerEmail, q), ilike(offers.productTitle, q), isUuid(query.q!) ? eq(offers.id, query.q!) : undefined) : undefined,
  );
  const [count, rows] = await Promise.all([
    countUpTo(ctx.db, offers, where, COUNT_CAP),
    ctx.db
      .select({ offer: offers, vendorName: vendors.name })
      .from(offers)
      .innerJoin(vendors, and(eq(vendors.storeId, offers.storeId), eq(vendors.id, offers.vendorId)))
      .where(where)
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(OFFERS_PAGE_SIZE)
      .offset((query.page - 1) * OFFERS_PAGE_SIZE),
  ]);
  return { offers: await present(ctx, auth.storeId, rows), count, pageCount: Math.ceil(count / OFFERS_PAGE_SIZE) };
}

/** One offer in the caller's scope, with its history (404 for another vendor's or store's). */
export async function getOffer(ctx: AppContext, auth: AuthContext, id: string) {
  const rows = await ctx.db
    .select({ offer: offers, vendorName: vendors.name })
    .from(offers)
    .innerJoin(vendors, and(eq(vendors.storeId, offers.storeId), eq(vendors.id, offers.vendorId)))
    .where(and(offerScope(auth), eq(offers.id, id)));
  if (rows.length === 0) throw notFound(OFFER_MESSAGES.notFound);
  return (await present(ctx, auth.storeId, rows))[0];
}
