import { describe, expect, it } from 'vitest';
import { HttpError } from '#web/api/http-error.ts';
import { serverFieldErrors } from './server-field-errors.ts';

const answer = (status: number, body: unknown) =>
  new HttpError(String((body as { message?: string }).message), status, 'PATCH', '/api/x', body);

describe('serverFieldErrors', () => {
  it("puts a 400's errors under the fields their paths name", () => {
    const error = answer(400, {
      message: 'Must match a color like #4f46e5',
      errors: [{ path: 'colors.indigo600', message: 'Must match a color like #4f46e5' }],
    });
    expect(serverFieldErrors(error, 'ignored')).toEqual([['colors.indigo600', 'Must match a color like #4f46e5']]);
  });

  it('puts a 409 under the field the form names, else nowhere', () => {
    const error = answer(409, { message: 'A vendor with this name already exists' });
    expect(serverFieldErrors(error, 'newVendor')).toEqual([['newVendor', 'A vendor with this name already exists']]);
    expect(serverFieldErrors(error)).toEqual([]);
    expect(serverFieldErrors(answer(404, { message: 'Unknown vendor' }), 'newVendor')).toEqual([]);
  });

  it('has nothing to place for a call that never got an answer', () => {
    expect(serverFieldErrors(new TypeError('Failed to fetch'), 'newVendor')).toEqual([]);
  });
});
