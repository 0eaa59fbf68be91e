import { describe, expect, it } from 'vitest';
import { DiscountInputSchema } from '#shared/schemas/discounts';
import { discountResolver, toDiscountInput, toEditorValues } from './discount-form.ts';

const resolve = (values: ReturnType<typeof toEditorValues>) =>
  discountResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false } as never);

describe('the discount editor form', () => {
  it('starts a new discount as a 10% code from today, for every product', () => {
    const values = toEditorValues(null, '2026-11-25', 'EUR');
    expect(values).toMatchObject({
      method: 'code',
      currency: 'EUR',
      code: '',
      value: { type: 'percentage', percentage: 10 },
      active: { from: '2026-11-25', withEndDate: false, until: '' },
      vendor: '',
    });
  });

  it('sends no end date without withEndDate, no code for an automatic discount, and null for every product', () => {
    const values = {
      ...toEditorValues(null, '2026-11-25', 'EUR'),
      method: 'automatic' as const,
      code: 'LEFTOVER',
      name: 'Auto',
      active: { from: '2026-11-25', withEndDate: false, until: '2026-12-01' },
    };
    const input = toDiscountInput(values);
    expect(input).toMatchObject({ code: '', active: { until: null }, vendor: null, currency: 'EUR' });
    expect(toDiscountInput({ ...values, currency: '' }).currency).toBeUndefined();
    expect(DiscountInputSchema.safeParse(input).success).toBe(true);
  });

  it("reports the shared schema's messages under the form's own field names", async () => {
    const values = {
      ...toEditorValues(null, '2026-11-25', 'EUR'),
      name: '',
      value: { type: 'percentage' as const, percentage: 101, fixed: '0' },
      active: { from: '2026-11-25', withEndDate: true, until: '' },
    };
    const { errors } = (await resolve(values)) as { errors: Record<string, Record<string, { message: string }>> };
    expect(errors.name).toMatchObject({ message: 'Required field' });
    expect(errors.code).toMatchObject({ message: 'Required field' });
    expect(errors.value.percentage).toMatchObject({ message: 'should be less than 100' });
    expect(errors.active.until).toMatchObject({ message: 'Required field' });
  });

  it('edits a stored discount with its values', () => {
    const values = toEditorValues(
      {
        id: 'x',
        method: 'code',
        code: 'SPRING',
        name: 'Spring',
        value: { type: 'fixed', fixed: '5.00', percentage: 0 },
        active: { from: '2026-03-01', withEndDate: true, until: '2026-03-31' },
        limit: { onePerCustomer: true, withUsage: true, usage: 10 },
        minPurchase: { type: 'quantity', value: 2 },
        vendor: 'Vendor One',
        fundedBy: 'vendor',
        vendorShare: 100,
        status: 'expired',
        usageCount: 3,
        currency: 'USD',
        sync: { state: 'local', error: null },
        createdAt: '2026-02-01T00:00:00.000Z',
      },
      '2026-11-25',
      'JPY',
    );
    // Its own currency, not the store's of the day.
    expect(DiscountInputSchema.parse(toDiscountInput(values))).toEqual({
      method: 'code',
      currency: 'USD',
      code: 'SPRING',
      name: 'Spring',
      value: { type: 'fixed', fixed: '5.00', percentage: 0 },
      active: { from: '2026-03-01', withEndDate: true, until: '2026-03-31' },
      limit: { onePerCustomer: true, withUsage: true, usage: 10 },
      minPurchase: { type: 'quantity', value: 2 },
      vendor: 'Vendor One',
      // Its funder as it is; the share field starts at a half split (only a split's share is sent as its own).
      fundedBy: 'vendor',
      vendorShare: 50,
    });
  });

  it('sends the fixed amount and an amount minimum as typed text, a quantity minimum as a number', async () => {
    const values = {
      ...toEditorValues(null, '2026-11-25', 'EUR'),
      code: 'TENOFF',
      name: 'Ten off',
      value: { type: 'fixed' as const, fixed: '10,50', percentage: 0 },
      minPurchase: { type: 'amount' as const, value: '50' },
    };
    const { errors } = (await resolve(values)) as { errors: Record<string, Record<string, { message: string }>> };
    expect(errors.value.fixed).toMatchObject({ message: 'Must be an amount like 12.50' });
    expect(toDiscountInput({ ...values, value: { ...values.value, fixed: '10.50' } })).toMatchObject({
      value: { fixed: '10.50' },
      minPurchase: { type: 'amount', value: '50' },
    });
    expect(toDiscountInput({ ...values, minPurchase: { type: 'quantity', value: '3' } }).minPurchase).toEqual({
      type: 'quantity',
      value: 3,
    });
    expect(toDiscountInput({ ...values, minPurchase: { type: 'none', value: '3' } }).minPurchase).toEqual({ type: 'none' });
  });
});
