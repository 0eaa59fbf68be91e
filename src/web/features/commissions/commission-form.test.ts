import { describe, expect, it } from 'vitest';
import { commissionResolver, emptyRow, toLines, type CommissionRow } from './commission-form.ts';

/** A row as typed: amounts as text, '' while empty. */
const row = (min: string, max: string, extra: Partial<CommissionRow> = {}): CommissionRow => ({
  ...emptyRow(min),
  max,
  percentage: 10,
  ...extra,
});
const resolve = (rows: CommissionRow[]) =>
  commissionResolver({ commissions: rows }, undefined, { fields: {}, shouldUseNativeValidation: false, names: ['commissions'] } as never);

describe('the commission lines form', () => {
  it('puts the gap message of the shared schema under the min of the line after the gap', async () => {
    const { errors } = await resolve([row('0', '100'), row('150', '')]);
    expect((errors as { commissions: { min?: { message: string } }[] }).commissions[1].min?.message).toBe(
      'There should not be a gap between $100 and $150',
    );
  });

  it('says which field is empty or out of range', async () => {
    const { errors } = await resolve([row('', '', { percentage: 120 })]);
    const line = (errors as { commissions: Record<string, { message: string }>[] }).commissions[0];
    expect(line.min.message).toBe('Required field');
    expect(line.percentage.message).toBe('should be less than 100');
  });

  it('accepts contiguous lines and reads an empty constraint as none', async () => {
    const rows = [row('0', '100'), row('100', ''), row('0', '', { constraint: { key: 'productType', value: 'Shoes' } })];
    const { errors, values } = await resolve(rows);
    expect(errors).toEqual({});
    expect((values as { commissions: unknown[] }).commissions).toEqual(toLines(rows));
    expect(toLines(rows)[0].constraint).toBeNull();
    // An empty max is open-ended.
    expect(toLines(rows)[1].max).toBeNull();
  });

  it('takes amounts as the API does: text with a dot', async () => {
    const { errors } = await resolve([row('0', '', { flat: '2,50' })]);
    expect((errors as { commissions: Record<string, { message: string }>[] }).commissions[0].flat.message).toBe(
      'Must be an amount like 12.50',
    );
  });
});
