import type { FulfillBody, OrderDetail } from '#shared/schemas/orders';
import { HttpError } from '#web/api/http-error.ts';

type Line = OrderDetail['lines'][number];

/** How many of a line are still to ship. */
export const leftToShip = (line: Pick<Line, 'quantity' | 'fulfilledQuantity'>) => Math.max(0, line.quantity - line.fulfilledQuantity);

/** The lines the fulfil form offers: those with something left to ship, in the order's order. */
export const openLines = (order: Pick<OrderDetail, 'lines'>) => order.lines.filter((line) => leftToShip(line) > 0);

/** A new shipment takes everything that is left, unless the vendor says otherwise. */
export function fulfilDefaults(lines: readonly Line[]): FulfillBody {
  return { carrier: '', tracking: '', url: '', lineItems: lines.map((line) => ({ id: line.id, quantity: leftToShip(line) })) };
}

/**
 * The schema drops lines of zero before sending, so the server's `lineItems.{i}` counts the sent
 * lines, not the form's rows. This moves its field errors onto the rows they are about (by line
 * id); other errors are left as they are.
 */
export function onFormRows(error: unknown, sent: readonly { id: string }[], rowIds: readonly string[]): unknown {
  if (!(error instanceof HttpError)) return error;
  const body = error.body as { errors?: { path: string; message: string }[] } | null;
  if (!body?.errors) return error;
  const errors = body.errors.map(({ path, message }) => {
    const match = /^lineItems\.(\d+)(\..+)?$/.exec(path);
    const row = match ? rowIds.indexOf(sent[Number(match[1])]?.id ?? '') : -1;
    return { path: match && row >= 0 ? `lineItems.${row}${match[2] ?? ''}` : path, message };
  });
  return new HttpError(error.message, error.status, error.method, error.url, { ...body, errors });
}
