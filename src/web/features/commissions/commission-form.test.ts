import { describe, expect, it } from 'vitest';
import { commissionResolver, emptyRow, toLines, type CommissionRow } from './commission-form.ts';

const row = (min: number | null, max: number | null, extra: Partial<CommissionRow> = {}): CommissionRow => ({
  ...emptyRow(min),
  max,
  percentage: 10,
  ...extra,
});
const resolve = (rows: CommissionRow[]) =>
  commissionResolver({ commissions: rows }, undefined, { fields: {}, shouldUseNativeValidation: false, names: ['commissions'] } as never);

describe('the commission lines form', () => {
  it('puts the gap message of the shared schema under the min of the line after the gap', async () => {
    const { errors } = await resolve([row(0, 100), row(150, null)]);
    expect((errors as { commissions: { min?: { message: string } }[] }).commissions[1].min?.message).toBe(
      'There should not be a gap between $100 and $150',
    );
  });

  it('says which field is empty or out of range', async () => {
    const { errors } = await resolve([row(null, null, { percentage: 120 })]);
    const line = (errors as { commissions: Record<string, { message: string }>[] }).commissions[0];
    expect(line.min.message).toBe('Required field');
    expect(line.percentage.message).toBe('should be less than 100');
  });

  it('accepts contiguous lines and reads an empty constraint as none', async () => {
    const rows = [row(0, 100), row(100, null), row(0, null, { constraint: { key: 'productType', value: 'Shoes' } })];
    const { errors, values } = await resolve(rows);
    expect(errors).toEqual({});
    expect((values as { commissions: unknown[] }).commissions).toEqual(toLines(rows));
    expect(toLines(rows)[0].constraint).toBeNull();
  });
});
