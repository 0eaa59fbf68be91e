import { describe, expect, it } from 'vitest';
import { HttpError } from '#web/api/http-error.ts';
import { fulfilDefaults, onFormRows, openLines } from './fulfil-form.ts';

const line = (id: string, quantity: number, fulfilledQuantity: number) => ({
  id,
  productId: null,
  variantId: null,
  sku: '',
  title: id,
  variantTitle: '',
  quantity,
  fulfilledQuantity,
  price: '1.00',
  discount: '0.00',
  tax: '0.00',
  commission: '0.10',
});

describe('the fulfil form', () => {
  it('offers the lines with something left, each defaulting to what is left', () => {
    const lines = openLines({ lines: [line('a', 2, 2), line('b', 3, 1), line('c', 1, 0)] });
    expect(lines.map((l) => l.id)).toEqual(['b', 'c']);
    expect(fulfilDefaults(lines)).toEqual({
      carrier: '',
      tracking: '',
      url: '',
      lineItems: [
        { id: 'b', quantity: 2 },
        { id: 'c', quantity: 1 },
      ],
    });
  });

  it('puts the server’s line errors on the rows they are about, though zero rows were not sent', () => {
    const refused = new HttpError('More than is left to fulfil', 400, 'POST', '/api/orders/x/fulfill', {
      message: 'More than is left to fulfil',
      errors: [
        { path: 'lineItems.1.quantity', message: 'More than is left to fulfil' },
        { path: 'url', message: 'Must be a valid URL' },
      ],
    });
    // Rows a, b, c; b was zero, so the server saw [a, c] and lineItems.0 is a, lineItems.1 is c.
    const moved = onFormRows(refused, [{ id: 'a' }, { id: 'c' }], ['a', 'b', 'c']) as HttpError;
    expect(moved.fieldErrors).toEqual({ 'lineItems.2.quantity': 'More than is left to fulfil', url: 'Must be a valid URL' });
    expect(moved).toMatchObject({ message: 'More than is left to fulfil', status: 400 });
  });

  it('leaves other failures alone', () => {
    const offline = new Error('offline');
    expect(onFormRows(offline, [], [])).toBe(offline);
    const conflict = new HttpError('This order is cancelled', 409, 'POST', '/x', { message: 'This order is cancelled' });
    expect(onFormRows(conflict, [], [])).toBe(conflict);
  });
});
