import { formatMinorUnits, currencyDecimals } from '#shared/money';
import type { Offer } from '#shared/schemas/offers';
import type { offerEvents } from '#server/db/schema/index';
import type { OfferRow } from './offer-scope.ts';

type EventRow = typeof offerEvents.$inferSelect;

export function presentOffer(row: OfferRow, vendorName: string, events: EventRow[]): Offer {
  const money = (minor: number | null) => (minor === null ? null : formatMinorUnits(minor, currencyDecimals(row.currency)));
  return {
    id: row.id,
    status: row.status,
    vendor: { id: row.vendorId, name: vendorName },
    product: { id: row.productId, title: row.productTitle, variantId: row.variantId, variantTitle: row.variantTitle },
    buyerEmail: row.buyerEmail,
    quantity: row.quantity,
    currency: row.currency,
    price: money(row.price)!,
    amount: money(row.amount)!,
    counterOffer: money(row.counterAmount),
    agreedAmount: money(row.agreedAmount),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    history: events.map((e) => ({
      event: e.event,
      actor: e.actor,
      actorName: e.actorName,
      amount: money(e.amount),
      at: e.createdAt.toISOString(),
    })),
  };
}
